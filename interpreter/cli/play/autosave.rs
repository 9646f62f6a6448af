//! Autosave: an interactive session that ends (or starts another game) with plies not yet
//! saved writes them to `$XDG_STATE_HOME/holechess/autosave/` (else
//! `~/.local/state/holechess/autosave/`) and says where, so no game is lost by accident.

use std::path::PathBuf;

/// The folder autosaved games go to.
pub fn folder() -> Option<PathBuf> {
    if let Some(state) = std::env::var_os("XDG_STATE_HOME").filter(|s| !s.is_empty()) {
        return Some(PathBuf::from(state).join("holechess").join("autosave"));
    }
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty())?;
    Some(PathBuf::from(home).join(".local").join("state").join("holechess").join("autosave"))
}

/// A new file name for a game of `variant`: `porthole-20261123-154401.pgn` (UTC), with a
/// counter when that name is taken.
pub fn file_for(variant: &str) -> Option<PathBuf> {
    let dir = folder()?;
    std::fs::create_dir_all(&dir).ok()?;
    let stamp = utc_stamp();
    (0..100)
        .map(|n| match n {
            0 => dir.join(format!("{variant}-{stamp}.pgn")),
            n => dir.join(format!("{variant}-{stamp}-{n}.pgn")),
        })
        .find(|path| !path.exists())
}

/// `YYYYMMDD-HHMMSS` in UTC, from the clock (civil date from days since 1970).
fn utc_stamp() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (year, month, day) = civil_date(days as i64);
    format!("{year:04}{month:02}{day:02}-{:02}{:02}{:02}", rest / 3600, rest % 3600 / 60, rest % 60)
}

/// Year, month, day of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates_are_right() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(19_723), (2024, 1, 1));
        assert_eq!(civil_date(20_415), (2025, 11, 23));
    }
}
