//! Calendar dates from the clock, in UTC: the autosave file names' stamp and the records'
//! `[Date]` tag.

/// Seconds since 1970 by the clock (0 if the clock is before 1970).
fn now_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// `YYYYMMDD-HHMMSS` in UTC.
pub fn utc_stamp() -> String {
    let secs = now_secs();
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (year, month, day) = civil_date(days as i64);
    format!("{year:04}{month:02}{day:02}-{:02}{:02}{:02}", rest / 3600, rest % 3600 / 60, rest % 60)
}

/// Today in UTC as PGN writes a date: `YYYY.MM.DD`.
pub fn pgn_date() -> String {
    let (year, month, day) = civil_date((now_secs() / 86_400) as i64);
    format!("{year:04}.{month:02}.{day:02}")
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

    #[test]
    fn the_pgn_date_has_dots_and_two_digit_fields() {
        let date = pgn_date();
        assert_eq!(date.len(), 10, "{date}");
        assert_eq!((&date[4..5], &date[7..8]), (".", "."), "{date}");
    }
}
