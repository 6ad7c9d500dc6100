//! What speech-dispatcher did with each text of each client, read from its
//! own log at level 5: which client queued it, at what priority, and when
//! it began, ended or was cancelled as the client was told (the events
//! sent to the client follow the sound played, not the synthesis).

use std::collections::HashMap;

/// One text as speech-dispatcher handled it.
#[derive(Clone, Debug, PartialEq)]
pub struct Spoken {
    /// speech-dispatcher's number for the text.
    pub id: u32,
    /// The client's connection: texts of one client share it.
    pub client: u32,
    pub text: String,
    /// 1 important, 2 message, 3 text, 4 notification, 5 progress.
    pub priority: u8,
    /// Seconds since midnight of the log's day, to the microsecond.
    pub queued: f64,
    pub begun: Option<f64>,
    pub ended: Option<f64>,
    pub cancelled: Option<f64>,
}

impl Spoken {
    /// Whether it was heard from its first word to its last: the server
    /// reported its end, which it reports only for a text said to its end
    /// (one cut off is reported cancelled). Its beginning is not asked
    /// for: under load the server can lose a module's report that a text
    /// began when it comes before the server has taken the text, and logs
    /// the end alone (seen with the corpus tests beside it).
    pub fn said_whole(&self) -> bool {
        self.ended.is_some() && self.cancelled.is_none()
    }

    /// When it began: as reported, or for a text whose beginning the
    /// server lost under load (see [`Spoken::said_whole`]), when it was
    /// queued; `None` for one never begun.
    pub fn started(&self) -> Option<f64> {
        self.begun
            .or(self.ended.or(self.cancelled).map(|_| self.queued))
    }

    /// How long it played: from its start to its end or cancellation.
    pub fn length(&self) -> f64 {
        match (self.begun, self.ended.or(self.cancelled)) {
            (Some(from), Some(to)) => to - from,
            _ => 0.0,
        }
    }
}

/// The time of a log line, `[Sun Nov 29 18:42:26 2026 : 300026]`, in
/// seconds since midnight: speech-dispatcher writes the microseconds
/// without leading zeros.
fn time_of(line: &str) -> Option<f64> {
    let stamp = line.strip_prefix('[')?.split(']').next()?;
    let (date, micros) = stamp.split_once(" : ")?;
    let clock = date.split_whitespace().nth(3)?;
    let mut parts = clock.split(':').map(|p| p.parse::<f64>().ok());
    let (h, m, s) = (parts.next()??, parts.next()??, parts.next()??);
    let micros: f64 = micros.trim().parse().ok()?;
    Some(h * 3600.0 + m * 60.0 + s + micros / 1e6)
}

/// `at` in seconds since midnight UTC, to compare with the log's times
/// (local, so a test finds the zone's offset from one text).
pub fn seconds_of_day(at: std::time::SystemTime) -> f64 {
    at.duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64()
        % 86_400.0
}

/// Every text in `log`, in the order they were queued.
pub fn spoken(log: &str) -> Vec<Spoken> {
    let mut texts: Vec<Spoken> = Vec::new();
    let mut by_id: HashMap<u32, usize> = HashMap::new();
    // A queued text learns its number from the reply that follows.
    let mut queued: Option<(String, u8, f64)> = None;
    let mut last_time = 0.0;
    for line in log.lines() {
        if let Some(t) = time_of(line) {
            last_time = t;
        }
        if let Some(rest) = line.split("Queueing message |").nth(1)
            && let Some((text, priority)) = rest.rsplit_once("| with priority ")
        {
            let priority = priority.trim().parse().unwrap_or(0);
            queued = Some((text.to_string(), priority, last_time));
            continue;
        }
        let Some((client, reply)) = line
            .split_once(":REPLY:|")
            .and_then(|(head, reply)| Some((head.rsplit(' ').next()?.parse::<u32>().ok()?, reply)))
        else {
            continue;
        };
        let Some((code, id)) = reply.split_once('-') else {
            continue;
        };
        let Ok(id) = id.trim().parse::<u32>() else {
            continue;
        };
        match code {
            "225" => {
                if let Some((text, priority, at)) = queued.take() {
                    by_id.insert(id, texts.len());
                    texts.push(Spoken {
                        id,
                        client,
                        text,
                        priority,
                        queued: at,
                        begun: None,
                        ended: None,
                        cancelled: None,
                    });
                }
            }
            "701" | "702" | "703" => {
                if let Some(&i) = by_id.get(&id) {
                    let slot = match code {
                        "701" => &mut texts[i].begun,
                        "702" => &mut texts[i].ended,
                        _ => &mut texts[i].cancelled,
                    };
                    slot.get_or_insert(last_time);
                }
            }
            _ => {}
        }
    }
    texts
}

/// A table of `texts` for a failure message, times from the first.
pub fn table(texts: &[Spoken]) -> String {
    let start = texts.first().map_or(0.0, |t| t.queued);
    let at = |t: Option<f64>| t.map_or("     -".to_string(), |t| format!("{:6.2}", t - start));
    texts
        .iter()
        .map(|t| {
            format!(
                "client {:>2} p{} queued {:6.2} begun {} ended {} cancelled {}  {}\n",
                t.client,
                t.priority,
                t.queued - start,
                at(t.begun),
                at(t.ended),
                at(t.cancelled),
                t.text
            )
        })
        .collect()
}
