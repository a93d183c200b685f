//! Text for the PDF's built-in Helvetica: Windows-1252 (WinAnsiEncoding) bytes, and the glyph
//! widths the layout needs to right-align and wrap.

/// The characters of 0x80–0x9F, where Windows-1252 departs from Latin-1.
const HIGH: [(char, u8); 27] = [
    ('€', 0x80),
    ('‚', 0x82),
    ('ƒ', 0x83),
    ('„', 0x84),
    ('…', 0x85),
    ('†', 0x86),
    ('‡', 0x87),
    ('ˆ', 0x88),
    ('‰', 0x89),
    ('Š', 0x8A),
    ('‹', 0x8B),
    ('Œ', 0x8C),
    ('Ž', 0x8E),
    ('‘', 0x91),
    ('’', 0x92),
    ('“', 0x93),
    ('”', 0x94),
    ('•', 0x95),
    ('–', 0x96),
    ('—', 0x97),
    ('˜', 0x98),
    ('™', 0x99),
    ('š', 0x9A),
    ('›', 0x9B),
    ('œ', 0x9C),
    ('ž', 0x9E),
    ('Ÿ', 0x9F),
];

/// `text` in Windows-1252; a character the font cannot show becomes `?`.
pub fn encode(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match u32::from(c) {
            0x20..=0x7E | 0xA0..=0xFF => u32::from(c) as u8,
            _ => HIGH
                .iter()
                .find(|(h, _)| *h == c)
                .map_or(b'?', |(_, byte)| *byte),
        })
        .collect()
}

/// Helvetica's advance widths of ' ' to '~', in thousandths of the font size (its AFM).
const HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
    611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
    222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/// Helvetica-Bold's, likewise.
const HELVETICA_BOLD: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667,
    611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556,
    278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

/// The advance width of `c` in thousandths of the font size: exact for printable ASCII, an
/// average for the rest.
pub fn width(c: char, bold: bool) -> u32 {
    let table = if bold { &HELVETICA_BOLD } else { &HELVETICA };
    match u32::from(c) {
        code @ 0x20..=0x7E => u32::from(table[(code - 0x20) as usize]),
        _ => 556,
    }
}

/// The width of `text` at `size` points, in millimetres.
pub fn width_mm(text: &str, size: f32, bold: bool) -> f32 {
    let thousandths: u32 = text.chars().map(|c| width(c, bold)).sum();
    thousandths as f32 / 1000.0 * size * 25.4 / 72.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_and_the_windows_range_are_kept_the_rest_is_a_question_mark() {
        assert_eq!(encode("Acme $1"), b"Acme $1");
        assert_eq!(
            encode("Müller × 2"),
            vec![b'M', 0xFC, b'l', b'l', b'e', b'r', b' ', 0xD7, b' ', b'2']
        );
        assert_eq!(encode("€ — ™"), vec![0x80, b' ', 0x97, b' ', 0x99]);
        assert_eq!(encode("Иван\u{1F600}"), b"?????");
        assert_eq!(encode("a\u{0}b"), b"a?b");
    }

    #[test]
    fn amounts_are_measured_exactly() {
        // "$10.00": five 556-wide glyphs and a 278-wide point.
        let expected = (5.0 * 556.0 + 278.0) / 1000.0 * 10.0 * 25.4 / 72.0;
        assert!((width_mm("$10.00", 10.0, false) - expected).abs() < 1e-4);
        assert!((width_mm("$10.00", 10.0, true) - expected).abs() < 1e-4);
        assert!(width_mm("Amount", 10.0, true) > width_mm("Amount", 10.0, false));
    }
}
