//! Lines typed while the computer thinks. The terminal is in its ordinary line mode then,
//! so each finished line waits in the terminal's queue. The line editor reads its input in
//! blocks and would keep only the first of several waiting lines; so before the editor
//! starts, every finished line already waiting is read here, one by one, in order.

/// A finished line waiting on standard input, if there is one (`Some("")` never: empty
/// lines are skipped). End of input gives `None` as well; the editor then reports it.
pub fn waiting_line() -> Option<String> {
    while line_ready() {
        let mut buffer = [0u8; 4096];
        // SAFETY: `buffer` is valid for writes of its whole length, and fd 0 is open.
        let read = unsafe { libc::read(0, buffer.as_mut_ptr().cast(), buffer.len()) };
        let Ok(length) = usize::try_from(read) else { return None };
        if length == 0 {
            return None;
        }
        let text = String::from_utf8_lossy(&buffer[..length]);
        let line = text.trim_end_matches(['\n', '\r']);
        if !line.trim().is_empty() {
            return Some(line.to_owned());
        }
    }
    None
}

/// Whether standard input can be read without waiting (in line mode: a whole line).
fn line_ready() -> bool {
    let mut fds = libc::pollfd { fd: 0, events: libc::POLLIN, revents: 0 };
    // SAFETY: one valid pollfd, a zero timeout.
    let ready = unsafe { libc::poll(&mut fds, 1, 0) };
    ready > 0 && fds.revents & libc::POLLIN != 0
}
