//! Where an HTTP/1.1 message body ends (RFC 9112 §6): a length, chunked coding (followed byte
//! by byte, so nothing past the last chunk and its trailers is relayed), or the close of the
//! connection (responses only). The bytes themselves are relayed unchanged.

/// Malformed framing: the exchange ends.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct BadFraming;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Framing {
    /// No body, or its end was reached.
    Done,
    Length(u64),
    Chunked(Chunked),
    UntilClose,
}

impl Framing {
    pub(crate) fn is_done(&self) -> bool {
        matches!(
            self,
            Framing::Done
                | Framing::Chunked(Chunked {
                    state: State::Done,
                    ..
                })
        )
    }

    /// How many of the leading bytes of `buf` belong to the body (fewer than `buf.len()` only
    /// once the body ends).
    pub(crate) fn take(&mut self, buf: &[u8]) -> Result<usize, BadFraming> {
        match self {
            Framing::Done => Ok(0),
            Framing::UntilClose => Ok(buf.len()),
            Framing::Length(left) => {
                let n = usize::try_from(*left).map_or(buf.len(), |l| l.min(buf.len()));
                *left -= n as u64;
                if *left == 0 {
                    *self = Framing::Done;
                }
                Ok(n)
            }
            Framing::Chunked(chunked) => chunked.take(buf),
        }
    }
}

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum State {
    /// Hex digits of a chunk size (how many so far).
    Size(u8),
    /// A chunk extension, up to CR.
    Extension,
    SizeLf,
    Data,
    DataCr,
    DataLf,
    /// At the start of a trailer line (or of the final empty line).
    TrailerStart,
    TrailerLine,
    TrailerLf,
    LastLf,
    Done,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Chunked {
    state: State,
    /// The size being read, then what is left of the chunk's data.
    size: u64,
}

impl Chunked {
    pub(crate) fn new() -> Chunked {
        Chunked {
            state: State::Size(0),
            size: 0,
        }
    }

    fn take(&mut self, buf: &[u8]) -> Result<usize, BadFraming> {
        let mut i = 0;
        while i < buf.len() && self.state != State::Done {
            if self.state == State::Data {
                let n = usize::try_from(self.size).map_or(buf.len() - i, |s| s.min(buf.len() - i));
                self.size -= n as u64;
                i += n;
                if self.size == 0 {
                    self.state = State::DataCr;
                }
                continue;
            }
            self.state = self.step(buf[i])?;
            i += 1;
        }
        Ok(i)
    }

    fn step(&mut self, b: u8) -> Result<State, BadFraming> {
        Ok(match (self.state, b) {
            (State::Size(n), _) if (b as char).is_ascii_hexdigit() => {
                // 15 hex digits: sizes up to 2^60, far beyond any real body, never overflow.
                if n >= 15 {
                    return Err(BadFraming);
                }
                self.size = self.size * 16 + u64::from((b as char).to_digit(16).unwrap_or(0));
                State::Size(n + 1)
            }
            (State::Size(n), b';') if n > 0 => State::Extension,
            (State::Size(n), b'\r') if n > 0 => State::SizeLf,
            (State::Extension, b'\r') => State::SizeLf,
            (State::Extension, b'\n') => return Err(BadFraming),
            (State::Extension, _) => State::Extension,
            (State::SizeLf, b'\n') if self.size == 0 => State::TrailerStart,
            (State::SizeLf, b'\n') => State::Data,
            (State::DataCr, b'\r') => State::DataLf,
            (State::DataLf, b'\n') => {
                self.size = 0;
                State::Size(0)
            }
            (State::TrailerStart, b'\r') => State::LastLf,
            (State::TrailerStart | State::TrailerLine, b'\n') => return Err(BadFraming),
            (State::TrailerLine, b'\r') => State::TrailerLf,
            (State::TrailerStart | State::TrailerLine, _) => State::TrailerLine,
            (State::TrailerLf, b'\n') => State::TrailerStart,
            (State::LastLf, b'\n') => State::Done,
            _ => return Err(BadFraming),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_length_stops_at_its_end() {
        let mut f = Framing::Length(5);
        assert_eq!(f.take(b"abc"), Ok(3));
        assert_eq!(f.take(b"deGET /"), Ok(2));
        assert!(f.is_done());
        assert_eq!(f.take(b"more"), Ok(0));
    }

    #[test]
    fn chunks_are_followed_to_the_end_of_their_trailers() {
        let body = b"4;ext=1\r\nWiki\r\n5\r\npedia\r\n0\r\nX-Sum: 1\r\n\r\n";
        let next = b"GET http://other/ HTTP/1.1\r\n\r\n";
        let whole = [body.as_slice(), next].concat();
        // Byte by byte and in one piece give the same end.
        let mut f = Framing::Chunked(Chunked::new());
        let mut taken = 0;
        for b in &whole {
            taken += f.take(std::slice::from_ref(b)).unwrap();
        }
        assert_eq!(taken, body.len());
        assert!(f.is_done());
        let mut f = Framing::Chunked(Chunked::new());
        assert_eq!(f.take(&whole), Ok(body.len()));
        let mut f = Framing::Chunked(Chunked::new());
        assert_eq!(f.take(b"0\r\n\r\nrest"), Ok(5));
    }

    #[test]
    fn malformed_chunks_are_refused() {
        for bad in [
            b"x\r\n".as_slice(),
            b"\r\n",
            b"4\nWiki",
            b"4\r\nWikiX",
            b"ffffffffffffffff\r\n",
        ] {
            let mut f = Framing::Chunked(Chunked::new());
            assert_eq!(f.take(bad), Err(BadFraming), "{bad:?}");
        }
    }
}
