//! Validation memory does not grow with the length of a game or the number of games: each
//! ply is played as it is read (one job), and a batch of games for the workers holds a
//! bounded number of plies (two jobs). Measured with a counting allocator: the peak of live
//! heap bytes while a source is validated.

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Cursor;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use holechess_record::{SourceEvent, Validator, Verdict};
use holechess_runtime::PlayableVariant;

/// The system allocator, counting the bytes live and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(live, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            let live = LIVE.fetch_add(new_size - layout.size(), Ordering::Relaxed) + new_size - layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        } else {
            LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The tests measure one at a time (the counters are the process's).
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// A legal game of `plies` knight moves back and forth, with a clock comment on every ply
/// and no result (nothing ends it).
fn shuffle_game(plies: usize) -> String {
    shuffle_game_with(plies, "{[%clk 0:01:00]}")
}

/// [`shuffle_game`] with `comment` after every move.
fn shuffle_game_with(plies: usize, comment: &str) -> String {
    let mut text = String::from("[Event \"shuffle\"]\n\n");
    let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for ply in 0..plies {
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        text.push_str(moves[ply % 4]);
        text.push(' ');
        text.push_str(comment);
        text.push(' ');
        if ply % 8 == 7 {
            text.push('\n');
        }
    }
    text.push_str("\n\n");
    text
}

/// The verdicts and the peak of live heap bytes above those live before, validating `text`.
fn validate_measured(validator: &Validator, text: &str) -> (Vec<Verdict>, usize) {
    let mut verdicts = Vec::new();
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    validator
        .run(Cursor::new(text.as_bytes()), |event| {
            if let SourceEvent::Verdict(verdict) = event {
                verdicts.push(verdict);
            }
        })
        .unwrap();
    (verdicts, PEAK.load(Ordering::Relaxed) - before)
}

fn chess() -> Arc<PlayableVariant> {
    PlayableVariant::load("chess").unwrap()
}

const MEBIBYTE: usize = 1024 * 1024;

#[test]
fn one_job_validates_a_long_game_in_memory_that_does_not_grow_with_it() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let validator = Validator::new(chess(), Some(1)).unwrap();
    let (short, short_peak) = validate_measured(&validator, &shuffle_game(2_000));
    let (long, long_peak) = validate_measured(&validator, &shuffle_game(40_000));
    assert_eq!((short.len(), short[0].plies, short[0].failure.clone()), (1, 2_000, None));
    assert_eq!((long.len(), long[0].plies, long[0].failure.clone()), (1, 40_000, None));
    // The read buffer (256 KiB) and one position. Only the position's repetition history
    // grows, 8 bytes a reversible ply (its vector doubling): under 16 bytes a ply, where
    // holding the plies would cost some hundred.
    let grown = long_peak.saturating_sub(short_peak);
    assert!(grown < 16 * 38_000, "peak {long_peak} bytes for 40,000 plies, {short_peak} for 2,000");
    assert!(long_peak < MEBIBYTE, "peak {long_peak} bytes");
}

#[test]
fn k4_one_job_validates_a_long_dice_game_in_memory_that_does_not_grow_with_it() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let validator = Validator::new(PlayableVariant::load("pothole").unwrap(), Some(1)).unwrap();
    let (short, short_peak) = validate_measured(&validator, &shuffle_game_with(1_000, "{[%dice 1]}"));
    let (long, long_peak) = validate_measured(&validator, &shuffle_game_with(10_000, "{[%dice 1]}"));
    assert_eq!((short[0].plies, short[0].failure.clone()), (1_000, None));
    assert_eq!((long[0].plies, long[0].failure.clone()), (10_000, None));
    let grown = long_peak.saturating_sub(short_peak);
    assert!(grown < 16 * 9_000, "peak {long_peak} bytes for 10,000 plies, {short_peak} for 1,000");
}

#[test]
fn two_jobs_hold_a_bounded_batch_whatever_the_length_and_number_of_games() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let validator = Validator::new(chess(), Some(2)).unwrap();
    let one_long = shuffle_game(40_000);
    let (_, one_peak) = validate_measured(&validator, &one_long);
    let (verdicts, three_peak) = validate_measured(&validator, &one_long.repeat(3));
    assert_eq!(verdicts.len(), 3);
    assert!(verdicts.iter().all(|verdict| verdict.plies == 40_000 && verdict.is_valid()));
    assert!(three_peak < one_peak + 256 * 1024, "three long games: peak {three_peak} bytes; one: {one_peak}");
    let many_short = shuffle_game(200).repeat(2_000);
    let (verdicts, many_peak) = validate_measured(&validator, &many_short);
    assert_eq!(verdicts.len(), 2_000);
    // Two batches of at most BATCH_PLIES plies each, whatever the number of games.
    assert!(many_peak < 16 * MEBIBYTE, "2,000 games: peak {many_peak} bytes");
}

#[test]
fn a_long_game_played_as_read_by_two_jobs_gets_the_verdict_of_one_job() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    // Longer than LONG_GAME_PLIES, so the reading thread plays it; the last move is illegal.
    let mut text = shuffle_game(holechess_record::LONG_GAME_PLIES + 100);
    text.push_str("[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n");
    let text = text.repeat(2);
    let (one, _) = validate_measured(&Validator::new(chess(), Some(1)).unwrap(), &text);
    let (two, _) = validate_measured(&Validator::new(chess(), Some(2)).unwrap(), &text);
    assert_eq!(one, two);
    assert_eq!(one.len(), 4);
    assert_eq!(one[1].failure.as_ref().map(|failure| (failure.ply, failure.reason.class())), Some((3, "illegal")));
}
