//! Draws a receipt as a one-page A4 PDF with `printpdf` and the built-in Helvetica (no font
//! files): the seller, the receipt's number and date, the customer as billed, the line items,
//! the total in US dollars and how it was paid. Every string is written as Windows-1252 bytes
//! (`winansi.rs`), the encoding the built-in fonts are declared with.

use crate::receipts::content::Receipt;
use crate::receipts::winansi::{self, width_mm};
use printpdf::lopdf::content::Operation;
use printpdf::lopdf::{Object, StringFormat};
use printpdf::{
    BuiltinFont, Color, CustomPdfConformance, IndirectFontRef, Line, Mm, PdfConformance,
    PdfDocument, PdfLayerReference, Point, Rgb,
};
use time::OffsetDateTime;
use time::macros::format_description;

const LEFT: f32 = 20.0;
const RIGHT: f32 = 190.0;
/// Right edges of the quantity and unit price columns.
const QTY_RIGHT: f32 = 125.0;
const UNIT_RIGHT: f32 = 157.0;
/// Where the values of the payment block start.
const VALUE_X: f32 = 55.0;
const BODY: f32 = 10.0;
const LINE: f32 = 5.0;

/// The receipt as PDF bytes.
pub fn render(receipt: &Receipt) -> Result<Vec<u8>, printpdf::Error> {
    let title = format!("Receipt {}", receipt.number);
    let (doc, page, layer) = PdfDocument::new(&title, Mm(210.0), Mm(297.0), "Receipt");
    // Plain PDF 1.7: no PDF/A ICC profile or XMP packet, which only add weight here.
    let doc = doc
        .with_conformance(PdfConformance::Custom(CustomPdfConformance {
            requires_icc_profile: false,
            requires_xmp_metadata: false,
            ..CustomPdfConformance::default()
        }))
        .with_producer(receipt.seller.name.clone())
        .with_creator(receipt.seller.name.clone());
    let pen = Pen {
        layer: doc.get_page(page).get_layer(layer),
        regular: doc.add_builtin_font(BuiltinFont::Helvetica)?,
        bold: doc.add_builtin_font(BuiltinFont::HelveticaBold)?,
    };
    draw(&pen, receipt);
    doc.save_to_bytes()
}

/// The receipt's date, in UTC.
pub fn date(issued_at: i64) -> String {
    OffsetDateTime::from_unix_timestamp(issued_at)
        .ok()
        .and_then(|t| {
            t.format(format_description!(
                "[year]-[month]-[day] [hour]:[minute] UTC"
            ))
            .ok()
        })
        .unwrap_or_default()
}

fn draw(pen: &Pen, r: &Receipt) {
    let mut y = 272.0;
    pen.text(&r.seller.name, 16.0, LEFT, y, true);
    pen.right("RECEIPT", 16.0, RIGHT, y, true);
    y -= 8.0;
    let top = y;
    for line in wrap(&r.seller.address, 95.0, BODY) {
        pen.text(&line, BODY, LEFT, y, false);
        y -= LINE;
    }
    if !r.seller.tax_id.is_empty() {
        pen.text(
            &format!("Tax ID: {}", r.seller.tax_id),
            BODY,
            LEFT,
            y,
            false,
        );
        y -= LINE;
    }
    pen.right(
        &format!("Receipt no. {}", r.number),
        BODY,
        RIGHT,
        top,
        false,
    );
    pen.right(
        &format!("Date: {}", date(r.issued_at)),
        BODY,
        RIGHT,
        top - LINE,
        false,
    );
    y = y.min(top - 2.0 * LINE) - 8.0;

    pen.text("Billed to", BODY, LEFT, y, true);
    y -= LINE;
    let billing = &r.customer.billing;
    let mut billed: Vec<String> = Vec::new();
    for part in [&billing.company, &r.customer.name] {
        if !part.is_empty() && !billed.contains(part) {
            billed.push(part.clone());
        }
    }
    billed.push(r.customer.email.clone());
    billed.extend(wrap(&billing.address, 110.0, BODY));
    if !billing.vat_id.is_empty() {
        billed.push(format!("VAT ID: {}", billing.vat_id));
    }
    for line in billed {
        pen.text(&line, BODY, LEFT, y, false);
        y -= LINE;
    }
    y -= 6.0;

    pen.text(r.title, 12.0, LEFT, y, true);
    y -= 8.0;
    pen.text("Description", BODY, LEFT, y, true);
    pen.right("Qty", BODY, QTY_RIGHT, y, true);
    pen.right("Unit price", BODY, UNIT_RIGHT, y, true);
    pen.right("Amount", BODY, RIGHT, y, true);
    y -= 2.5;
    pen.rule(y);
    y -= LINE + 0.5;
    for item in &r.items {
        let lines = wrap(&item.description, 92.0, BODY);
        pen.right(&item.quantity.to_string(), BODY, QTY_RIGHT, y, false);
        pen.right(&item.unit_price.to_string(), BODY, UNIT_RIGHT, y, false);
        pen.right(&item.amount.to_string(), BODY, RIGHT, y, false);
        for line in lines {
            pen.text(&line, BODY, LEFT, y, false);
            y -= LINE;
        }
    }
    y += 2.0;
    pen.rule(y);
    y -= LINE + 1.0;
    pen.right("Total (USD)", 11.0, UNIT_RIGHT, y, true);
    pen.right(&r.total.to_string(), 11.0, RIGHT, y, true);
    y -= 12.0;

    pen.text("Payment", BODY, LEFT, y, true);
    y -= LINE;
    for (label, value) in &r.payment {
        pen.text(label, BODY, LEFT, y, false);
        for line in wrap(value, RIGHT - VALUE_X, BODY) {
            pen.text(&line, BODY, VALUE_X, y, false);
            y -= LINE;
        }
    }
    pen.text(
        "All amounts are in US dollars. Thank you for your business.",
        8.0,
        LEFT,
        20.0,
        false,
    );
}

/// `text` cut into lines at most `max_mm` wide at `size` points: at spaces where it can, inside
/// a word that is itself too wide. Empty text is no line.
pub fn wrap(text: &str, max_mm: f32, size: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let joined = if current.is_empty() {
            word.to_owned()
        } else {
            format!("{current} {word}")
        };
        if width_mm(&joined, size, false) <= max_mm {
            current = joined;
            continue;
        }
        if !current.is_empty() {
            lines.push(std::mem::take(&mut current));
        }
        for c in word.chars() {
            current.push(c);
            if width_mm(&current, size, false) > max_mm {
                current.pop();
                lines.push(std::mem::take(&mut current));
                current.push(c);
            }
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

struct Pen {
    layer: PdfLayerReference,
    regular: IndirectFontRef,
    bold: IndirectFontRef,
}

impl Pen {
    fn text(&self, text: &str, size: f32, x: f32, y: f32, bold: bool) {
        let font = if bold { &self.bold } else { &self.regular };
        self.layer.begin_text_section();
        self.layer.set_font(font, size);
        self.layer.set_text_cursor(Mm(x), Mm(y));
        self.layer.add_operation(Operation::new(
            "Tj",
            vec![Object::String(
                winansi::encode(text),
                StringFormat::Hexadecimal,
            )],
        ));
        self.layer.end_text_section();
    }

    /// `text` ending at `right`.
    fn right(&self, text: &str, size: f32, right: f32, y: f32, bold: bool) {
        self.text(text, size, right - width_mm(text, size, bold), y, bold);
    }

    /// A thin grey rule across the page at `y`.
    fn rule(&self, y: f32) {
        self.layer
            .set_outline_color(Color::Rgb(Rgb::new(0.7, 0.7, 0.7, None)));
        self.layer.set_outline_thickness(0.5);
        self.layer.add_line(Line {
            points: vec![
                (Point::new(Mm(LEFT), Mm(y)), false),
                (Point::new(Mm(RIGHT), Mm(y)), false),
            ],
            is_closed: false,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_minutes() {
        assert_eq!(date(0), "1970-01-01 00:00 UTC");
        assert_eq!(date(1_795_000_000), "2026-11-18 11:06 UTC");
    }

    #[test]
    fn long_text_wraps_at_spaces_and_inside_long_words() {
        assert!(wrap("", 50.0, 10.0).is_empty());
        assert_eq!(wrap("short text", 50.0, 10.0), vec!["short text"]);
        let lines = wrap(
            "Unit 4, 221 Long Street, Springfield, 12345, United States",
            40.0,
            10.0,
        );
        assert!(lines.len() > 1, "{lines:?}");
        assert!(
            lines.iter().all(|l| width_mm(l, 10.0, false) <= 40.0),
            "{lines:?}"
        );
        assert_eq!(
            lines.join(" "),
            "Unit 4, 221 Long Street, Springfield, 12345, United States"
        );
        let word = "a".repeat(100);
        let lines = wrap(&word, 40.0, 10.0);
        assert!(lines.len() > 1 && lines.concat() == word, "{lines:?}");
    }
}
