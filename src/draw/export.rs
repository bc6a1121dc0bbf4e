//! Sheets as PDF (svg2pdf, pages put together with pdf-writer) and PNG (resvg).
//!
//! Both read the SVG with usvg and a font database that holds only the shipped font: no system
//! font is looked at, so the output is the same on every machine. In the PDF the digits stay
//! text, in the font's subset that svg2pdf embeds, so the file can be searched and copied from.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, TextStr};
use rayon::prelude::*;
use svg2pdf::usvg;
use svg2pdf::usvg::fontdb;

use super::{FONT, FONT_FAMILY};

/// The font database of every conversion: the shipped font alone.
fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = fontdb::Database::new();
            db.load_font_data(FONT.to_vec());
            db.set_sans_serif_family(FONT_FAMILY);
            Arc::new(db)
        })
        .clone()
}

/// An SVG document read for conversion.
fn tree(svg: &str) -> Result<usvg::Tree, String> {
    let mut options = usvg::Options {
        font_family: FONT_FAMILY.to_string(),
        ..usvg::Options::default()
    };
    options.fontdb = fonts();
    usvg::Tree::from_str(svg, &options).map_err(|e| format!("cannot read the drawing: {e}"))
}

/// The pages (SVG documents in points) as one PDF document.
pub fn pdf(pages: &[String]) -> Result<Vec<u8>, String> {
    // Each page converts on its own (in parallel); only the numbering of the objects is
    // sequential.
    let chunks: Vec<(pdf_writer::Chunk, Ref, f32, f32)> = pages
        .par_iter()
        .map(|svg| {
            let tree = tree(svg)?;
            let (chunk, xobject) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
                .map_err(|e| format!("cannot make the PDF: {e}"))?;
            let size = tree.size();
            Ok((chunk, xobject, size.width(), size.height()))
        })
        .collect::<Result<_, String>>()?;
    let mut alloc = Ref::new(1);
    let catalog = alloc.bump();
    let page_tree = alloc.bump();
    let info = alloc.bump();
    let mut pdf = Pdf::new();
    let mut kids = Vec::with_capacity(chunks.len());
    let name = Name(b"S1");
    for (chunk, xobject, width, height) in chunks {
        let mut map = HashMap::new();
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
        let xobject = map[&xobject];
        let (page_id, content_id) = (alloc.bump(), alloc.bump());
        kids.push(page_id);
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, width, height));
        page.parent(page_tree);
        page.contents(content_id);
        page.resources().x_objects().pair(name, xobject);
        page.finish();
        // The form is one point square: scale it to the page.
        let mut content = Content::new();
        content
            .save_state()
            .transform([width, 0.0, 0.0, height, 0.0, 0.0])
            .x_object(name)
            .restore_state();
        pdf.stream(content_id, &content.finish());
        pdf.extend(&chunk);
    }
    pdf.catalog(catalog).pages(page_tree);
    let count = kids.len() as i32;
    pdf.pages(page_tree).kids(kids).count(count);
    pdf.document_info(info).producer(TextStr("sudoku-lsp"));
    Ok(pdf.finish())
}

/// One page (an SVG document in points) as a PNG image of `dpi` dots per inch.
pub fn png(svg: &str, dpi: f32) -> Result<Vec<u8>, String> {
    let tree = tree(svg)?;
    let scale = dpi / 72.0;
    let size = tree.size();
    let (w, h) = (
        (size.width() * scale).ceil() as u32,
        (size.height() * scale).ceil() as u32,
    );
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h)
        .ok_or_else(|| format!("cannot make a {w}x{h} image"))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| format!("cannot write the PNG: {e}"))
}
