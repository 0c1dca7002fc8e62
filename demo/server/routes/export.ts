import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { type HTMLElement, parse } from 'node-html-parser';
import { ENDPOINTS } from '../../../src/core/api/wire';
import { requireAuth } from '../auth/session';
import type { ServerContext } from '../context';
import { ApiError, fieldError } from '../envelope';
import { object, str } from '../schemas';

const MAX_ROWS = 10_000;
const MAX_COLUMNS = 200;
/**
 * Cells a table may cover, spans included: without it ~800 KB of `rowspan="100" colspan="100"` would make the
 * server track and write about two million cells. Above it the answer is 413 `too_large` (an envelope, like every
 * other error of this call).
 */
export const MAX_COVERED_CELLS = 200_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const tableTooLarge = () =>
  new ApiError(413, 'too_large', {
    zh: `表格过大（最多 ${MAX_COVERED_CELLS} 个单元格）`,
    en: `The table is too large (at most ${MAX_COVERED_CELLS} cells)`,
  });

/** Two cells whose spans cover the same place (a colspan over a rowspan from above): no sheet can merge both. */
const overlappingCells = (row: number, column: number) => {
  const text = {
    zh: `表格第 ${row} 行第 ${column} 列的单元格与上方合并的单元格重叠，无法导出`,
    en: `The cell at row ${row}, column ${column} overlaps a merged cell above it; the table cannot be exported`,
    hk: `表格第 ${row} 行第 ${column} 列的儲存格與上方合併的儲存格重疊，無法匯出`,
  };
  return new ApiError(400, 'overlapping_cells', text, [fieldError('data', text)]);
};

const noTable = () =>
  new ApiError(400, 'no_table', { zh: '请指定要下载的表格', en: 'Please specify the table to download' }, [
    fieldError('data', { zh: '请指定要下载的表格', en: 'Please specify the table to download' }),
  ]);

export function registerExportRoutes(app: FastifyInstance, _ctx: ServerContext): void {
  // A hidden form posts here (no script, no device header); the browser keeps the page and saves the file.
  app.post<{ Body: { title?: string; data: string } }>(
    ENDPOINTS.tableExport,
    {
      config: { deviceOptional: true },
      schema: { body: object({ title: str(100), data: str(1_000_000, { minLength: 1 }) }, ['data']) },
    },
    async (request, reply) => {
      requireAuth(request);
      const title = (request.body.title ?? '').trim() || 'table';
      const buffer = await tableToXlsx(request.body.data, title);
      return reply
        .type(XLSX)
        .header(
          'Content-Disposition',
          `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(`${title}.xlsx`)}`,
        )
        .send(buffer);
    },
  );
}

/** Rows and cells of the first table (th bold), with colspan/rowspan turned into merged cells. */
export async function tableToXlsx(html: string, title: string): Promise<Buffer> {
  const table = parse(html).querySelector('table');
  const rows = table?.querySelectorAll('tr') ?? [];
  if (!rows.length) throw noTable();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(title));
  const taken = new Set<string>();
  let covered = 0;
  rows.slice(0, MAX_ROWS).forEach((row, r) => {
    let c = 0;
    for (const cell of row.childNodes.filter(isCell)) {
      while (taken.has(`${r}:${c}`)) c++;
      if (c >= MAX_COLUMNS) break;
      const colspan = span(cell, 'colspan');
      const rowspan = span(cell, 'rowspan');
      covered += colspan * rowspan;
      if (covered > MAX_COVERED_CELLS) throw tableTooLarge();
      const target = sheet.getCell(r + 1, c + 1);
      target.value = cellValue(cell.text);
      if (cell.tagName === 'TH') target.font = { bold: true };
      const places = spanPlaces(r, c, rowspan, colspan);
      // Before issue 67 exceljs threw on the merge (a 500): a table from the page is input, refused with a 400.
      if (places.some((place) => taken.has(place))) throw overlappingCells(r + 1, c + 1);
      for (const place of places) taken.add(place);
      if (colspan > 1 || rowspan > 1) sheet.mergeCells(r + 1, c + 1, r + rowspan, c + colspan);
      c += colspan;
    }
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The places `row:column` a cell at (r, c) covers with its spans. */
function spanPlaces(r: number, c: number, rowspan: number, colspan: number): string[] {
  const places: string[] = [];
  for (let dr = 0; dr < rowspan; dr++) for (let dc = 0; dc < colspan; dc++) places.push(`${r + dr}:${c + dc}`);
  return places;
}

function isCell(node: unknown): node is HTMLElement {
  const tag = (node as HTMLElement).tagName;
  return tag === 'TD' || tag === 'TH';
}

function span(cell: HTMLElement, name: string): number {
  const value = Number.parseInt(cell.getAttribute(name) ?? '1', 10);
  return Number.isFinite(value) ? Math.min(Math.max(value, 1), 100) : 1;
}

/** Plain numbers stay numbers (sums work in Excel); ids with leading zeros or long digit runs stay text. */
function cellValue(text: string): string | number {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return /^-?(0|[1-9]\d{0,13})(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function sheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
}
