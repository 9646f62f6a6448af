//! Ctrl-C at an interactive session. At the prompt the line editor reads it as a key (the
//! line is cleared); while the computer thinks it arrives as a signal, and the handler
//! installed here raises the running search's stop flag, so the computer plays its best
//! move so far and control returns to the player, instead of the program being killed.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use holechess_ai::StopFlag;

/// Set by Ctrl-C; read (and cleared) by the session between plies.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// The stop flag of the search running now, if any.
static SEARCH: Mutex<Option<StopFlag>> = Mutex::new(None);

/// Installs the handler (once; a second call is a no-op that reports the error quietly).
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        INTERRUPTED.store(true, Ordering::SeqCst);
        if let Ok(slot) = SEARCH.lock() {
            if let Some(flag) = slot.as_ref() {
                flag.raise();
            }
        }
    });
}

/// Whether Ctrl-C was pressed since the last call.
pub fn take() -> bool {
    INTERRUPTED.swap(false, Ordering::SeqCst)
}

/// Runs `search` with `flag` as the one Ctrl-C raises.
pub fn searching<T>(flag: StopFlag, search: impl FnOnce() -> T) -> T {
    set(Some(flag));
    let result = search();
    set(None);
    result
}

fn set(flag: Option<StopFlag>) {
    if let Ok(mut slot) = SEARCH.lock() {
        *slot = flag;
    }
}
