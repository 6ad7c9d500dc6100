//! One event source for a game: every producer that works on a thread of
//! its own (the journal's writer, the dead-position search, the seats'
//! socket, the listener, the voice, the ending signals) rings the front
//! end's one channel when it has something, and the front end blocks on
//! that channel until then or until the host's next deadline. Nothing
//! sleeps to poll.

use std::sync::{Arc, Mutex};

/// Which producer has something for the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The journal's writer acknowledged a line.
    Journal,
    /// The dead-position search answered (5.2.2).
    Search,
    /// A seat asked to join, typed a line, or left.
    Seat,
    /// The listener heard something.
    Listener,
    /// The voice said something about itself, or finished.
    Voice,
    /// An ending signal came (SIGTERM, SIGHUP, SIGINT, SIGQUIT).
    Signal,
    /// The engine answered, or a followed file changed, or the engine
    /// pass valued a position.
    Analysis,
    /// A key of the braille display was pressed, or the display was lost.
    Braille,
    /// The electronic board showed a change, read its clock, or was lost.
    Board,
    /// A source of the hall gave its boards, or failed.
    Hall,
}

/// What wakes a front end: something it read (a line, a key) with the
/// moment it was read, the end of its input, or a producer's ring.
#[derive(Debug)]
pub enum Wake<I> {
    /// Read from the user, stamped when it was read.
    Input(I, std::time::Instant),
    /// The user's input ended (end of file, the terminal gone).
    InputEnded,
    /// A producer has something.
    Rang(Source),
}

type Ring = Arc<dyn Fn(Source) + Send + Sync>;

/// A producer's handle on the front end's channel, connected once the
/// host runs; ringing an unconnected waker does nothing, so a producer
/// used without a host (`zweibrett hear`, a test) needs no channel.
#[derive(Clone, Default)]
pub struct Waker {
    ring: Arc<Mutex<Option<Ring>>>,
}

impl std::fmt::Debug for Waker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Waker")
    }
}

impl Waker {
    /// Rings the front end, if connected, saying who has something.
    pub fn wake(&self, source: Source) {
        let ring = self.ring.lock().ok().and_then(|r| r.clone());
        if let Some(ring) = ring {
            ring(source);
        }
    }

    /// Connects this waker to the same channel as `other`.
    pub fn connect_like(&self, other: &Bell) {
        if let Ok(mut ring) = self.ring.lock() {
            *ring = Some(Arc::clone(&other.ring));
        }
    }
}

/// A producer's end of its own channel that rings after each message: the
/// message waits in its channel, and the ring wakes whoever takes it.
pub struct Ringing<T> {
    /// `None` only while it is dropped.
    channel: Option<std::sync::mpsc::Sender<T>>,
    waker: Waker,
    source: Source,
}

impl<T> Clone for Ringing<T> {
    fn clone(&self) -> Self {
        Ringing {
            channel: self.channel.clone(),
            waker: self.waker.clone(),
            source: self.source,
        }
    }
}

impl<T> Ringing<T> {
    /// Sends into `channel` and rings `waker` as `source`.
    pub fn new(channel: std::sync::mpsc::Sender<T>, waker: &Waker, source: Source) -> Ringing<T> {
        Ringing {
            channel: Some(channel),
            waker: waker.clone(),
            source,
        }
    }

    /// Sends `message` and rings; false once nobody takes them.
    pub fn send(&self, message: T) -> bool {
        let sent = self
            .channel
            .as_ref()
            .is_some_and(|channel| channel.send(message).is_ok());
        if sent {
            self.waker.wake(self.source);
        }
        sent
    }
}

impl<T> Drop for Ringing<T> {
    /// A producer that stops rings once more, so that whoever waits sees
    /// its channel close (an engine that died, a pass that ended): the
    /// channel is let go first, then the bell rung.
    fn drop(&mut self) {
        drop(self.channel.take());
        self.waker.wake(self.source);
    }
}

/// The front end's side: what producers' wakers are connected to.
#[derive(Clone)]
pub struct Bell {
    ring: Ring,
}

impl Bell {
    /// A bell that sends each ring into `channel`; a closed channel is a
    /// front end gone, and then the ring is lost.
    pub fn on<I: Send + 'static>(channel: std::sync::mpsc::Sender<Wake<I>>) -> Bell {
        let channel = Mutex::new(channel);
        Bell {
            ring: Arc::new(move |source| {
                if let Ok(channel) = channel.lock() {
                    let _ = channel.send(Wake::Rang(source));
                }
            }),
        }
    }

    /// A bell that calls `ring` with each source that rings: for a front
    /// end whose channel carries its own messages.
    pub fn calling(ring: impl Fn(Source) + Send + Sync + 'static) -> Bell {
        Bell {
            ring: Arc::new(ring),
        }
    }

    /// A waker already connected to this bell.
    pub fn waker(&self) -> Waker {
        let waker = Waker::default();
        waker.connect_like(self);
        waker
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_producer_that_stops_rings_after_its_channel_is_closed() {
        let (tx, rx) = std::sync::mpsc::channel::<Wake<()>>();
        let waker = Bell::on(tx).waker();
        let (messages, taken) = std::sync::mpsc::channel::<u8>();
        let producer = Ringing::new(messages, &waker, Source::Analysis);
        assert!(producer.send(1));
        let thread = std::thread::spawn(move || drop(producer));
        let mut closed = false;
        while !closed {
            let rang = rx.recv_timeout(std::time::Duration::from_secs(5));
            assert!(matches!(rang, Ok(Wake::Rang(Source::Analysis))), "{rang:?}");
            // At each ring what it rang for is there to be taken.
            loop {
                match taken.try_recv() {
                    Ok(_) => {}
                    Err(std::sync::mpsc::TryRecvError::Empty) => break,
                    Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                        closed = true;
                        break;
                    }
                }
            }
        }
        thread.join().unwrap();
    }

    #[test]
    fn a_connected_waker_rings_the_channel_and_an_unconnected_one_does_nothing() {
        let (tx, rx) = std::sync::mpsc::channel::<Wake<()>>();
        let loose = Waker::default();
        loose.wake(Source::Journal);
        assert!(rx.try_recv().is_err());
        let bell = Bell::on(tx);
        loose.connect_like(&bell);
        loose.clone().wake(Source::Search);
        assert!(matches!(rx.try_recv(), Ok(Wake::Rang(Source::Search))));
        bell.waker().wake(Source::Seat);
        assert!(matches!(rx.try_recv(), Ok(Wake::Rang(Source::Seat))));
    }
}
