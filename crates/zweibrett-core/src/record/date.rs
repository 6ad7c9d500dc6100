//! Calendar dates from the system clock, for file names and the PGN `Date`
//! tag (UTC).

use std::time::{SystemTime, UNIX_EPOCH};

/// Year, month and day (UTC) of `at`.
pub fn civil(at: SystemTime) -> (i64, u32, u32) {
    let secs = at.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()) as i64;
    let days = secs.div_euclid(86_400);
    // Days to a proleptic Gregorian date (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// `YYYY.MM.DD`, as the PGN `Date` tag writes it.
pub fn pgn_date(at: SystemTime) -> String {
    let (y, m, d) = civil(at);
    format!("{y:04}.{m:02}.{d:02}")
}

/// `YYYYMMDD`, for file names.
pub fn stamp(at: SystemTime) -> String {
    let (y, m, d) = civil(at);
    format!("{y:04}{m:02}{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn known_dates() {
        assert_eq!(pgn_date(UNIX_EPOCH), "1970.01.01");
        let leap = UNIX_EPOCH + Duration::from_secs(951_782_400); // 2000-02-29
        assert_eq!(pgn_date(leap), "2000.02.29");
        let later = UNIX_EPOCH + Duration::from_secs(1_795_000_000);
        assert_eq!(stamp(later), "20261118");
    }
}
