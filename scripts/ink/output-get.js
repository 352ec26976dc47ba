// Appended by scripts/bundle-options.mjs to Ink's build/output.js inside pipetop's bundle (Ink
// 6.8.0), where Output, OutputCaches, sliceAnsi and styledCharsToString are in scope.
//
// Why: Ink turns every frame into text by filling a width×height grid of styled cells, one object
// per cell, and converting each row back to a string — for all rows, every frame. Moving the
// selection changes two rows of forty. This get() produces the same string, row by row:
// - a row whose writes (the ordered (x, text) pairs after clipping and transformers, and the width)
//   are unchanged is reused from the last frames — one string key and a map lookup;
// - a new row whose writes are left to right with blank cells between them is joined from each
//   line's cached string (renderRow); anything else goes through Ink's own grid (renderGrid).
// bench/latency.mjs measures it; test/ink-output.test.ts checks every frame equals Ink's own.
//
// 1,000 rows is 25 screens of 40: scrolling back and forth stays warm, and the caches stay ~1 MB.
const ROW_CACHE_LIMIT = 1000;
const rowCache = new Map();
const NO_STYLES = [];

Output.prototype.get = function get() {
    if (rowCache.size > ROW_CACHE_LIMIT) rowCache.clear();
    trimOutputCaches();
    const caches = this.caches;
    /** Per row: the writes that reach it, in order, as [x, line, x, line, …]. */
    const writes = [];
    for (let y = 0; y < this.height; y++) writes.push([]);
    const clips = [];
    for (const operation of this.operations) {
        if (operation.type === 'clip') clips.push(operation.clip);
        if (operation.type === 'unclip') clips.pop();
        if (operation.type !== 'write') continue;
        // From here to the loop over lines: Ink's clipping, unchanged.
        const { text, transformers } = operation;
        let { x, y } = operation;
        let lines = text.split('\n');
        const clip = clips.at(-1);
        if (clip) {
            const clipHorizontally = typeof clip?.x1 === 'number' && typeof clip?.x2 === 'number';
            const clipVertically = typeof clip?.y1 === 'number' && typeof clip?.y2 === 'number';
            if (clipHorizontally) {
                const width = caches.getWidestLine(text);
                if (x + width < clip.x1 || x > clip.x2) continue;
            }
            if (clipVertically) {
                const height = lines.length;
                if (y + height < clip.y1 || y > clip.y2) continue;
            }
            if (clipHorizontally) {
                lines = lines.map((line) => {
                    const from = x < clip.x1 ? clip.x1 - x : 0;
                    const width = caches.getStringWidth(line);
                    const to = x + width > clip.x2 ? clip.x2 - x : width;
                    return sliceAnsi(line, from, to);
                });
                if (x < clip.x1) x = clip.x1;
            }
            if (clipVertically) {
                const from = y < clip.y1 ? clip.y1 - y : 0;
                const height = lines.length;
                const to = y + height > clip.y2 ? clip.y2 - y : height;
                lines = lines.slice(from, to);
                if (y < clip.y1) y = clip.y1;
            }
        }
        for (let index = 0; index < lines.length; index++) {
            // Ink skips a line below the grid (and, as it does not advance, every line after it).
            const row = writes[y + index];
            if (!row) break;
            let line = lines[index];
            for (const transformer of transformers) line = transformer(line, index);
            row.push(x, line);
        }
    }
    const rows = [];
    for (let y = 0; y < this.height; y++) {
        const row = writes[y];
        const key = `${this.width}\u0000${row.join('\u0000')}`;
        let value = rowCache.get(key);
        if (value === undefined) {
            value = renderRow(row, this.width, caches);
            rowCache.set(key, value);
        }
        rows.push(value);
    }
    return { output: rows.join('\n'), height: this.height };
};

/**
 * A line's text as Ink's row-to-string step writes it, and the cells it advances: cached, since a
 * line is often drawn again at another place (a list scrolled by one row).
 */
const lineCache = new Map();
function lineOf(line, caches) {
    let info = lineCache.get(line);
    if (info === undefined) {
        const chars = caches.getStyledChars(line);
        let advance = 0;
        for (const character of chars) advance += Math.max(1, caches.getStringWidth(character.value));
        info = { text: styledCharsToString(chars), advance };
        if (lineCache.size > ROW_CACHE_LIMIT) lineCache.clear();
        lineCache.set(line, info);
    }
    return info;
}

/**
 * One row as Ink's get() builds it. When the writes come left to right with blank cells between
 * them — a list row, a row and its scrollbar — those cells carry no style, so the row's string is
 * each line's own string with spaces between: that is built directly. Otherwise (overlap, touching
 * writes, a write left of the edge) Ink's grid: blank cells, then each write in order.
 */
function renderRow(row, width, caches) {
    let text = '';
    let cursor = 0;
    for (let i = 0; i < row.length; i += 2) {
        const x = row[i];
        // Writes must not overlap, and consecutive ones need a blank cell between them: touching
        // cells are joined by a style diff (no reset), which only the grid reproduces.
        if (x < cursor || (i > 0 && (x === cursor || cursor >= width))) return renderGrid(row, width, caches);
        const line = lineOf(row[i + 1], caches);
        // Blank cells exist only inside the width; Ink's grid leaves holes past it, and drops them.
        text += ' '.repeat(Math.max(0, Math.min(x, width) - cursor)) + line.text;
        cursor = x + line.advance;
    }
    return text.trimEnd();
}

/** Ink's own algorithm: a grid row of blank cells, then each write in order. */
function renderGrid(row, width, caches) {
    const cells = [];
    // One (never mutated) style list for all blank cells: see the styledChars patch.
    for (let x = 0; x < width; x++) cells.push({ type: 'char', value: ' ', fullWidth: false, styles: NO_STYLES });
    for (let i = 0; i < row.length; i += 2) {
        let offsetX = row[i];
        for (const character of caches.getStyledChars(row[i + 1])) {
            cells[offsetX] = character;
            const characterWidth = Math.max(1, caches.getStringWidth(character.value));
            if (characterWidth > 1) {
                for (let index = 1; index < characterWidth; index++) {
                    cells[offsetX + index] = { type: 'char', value: '', fullWidth: false, styles: character.styles };
                }
            }
            offsetX += characterWidth;
        }
    }
    return styledCharsToString(cells.filter((item) => item !== undefined)).trimEnd();
}
