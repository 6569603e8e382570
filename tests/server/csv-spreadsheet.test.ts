import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { DetailedCellError, ErrorType, HyperFormula, type CellValue } from 'hyperformula';
import { afterAll, describe, expect, it } from 'vitest';
import type { ContactSubmission } from '../../src/server/storage/index.ts';
import { csvSeparators, toCsv } from '../../src/server/submissions-format.ts';
import { runs } from '../helpers/depth.ts';

/**
 * A spreadsheet opening an export, as Excel and LibreOffice read a cell: text starting with `=` is a
 * formula; text starting with `+`, `-` or `@` is tried as one (`=` put in front, `@` dropped) and kept as
 * text when it does not parse; a leading `'` marks text and is not shown. HyperFormula (GPL-3.0, used
 * here as a development dependency only, under its `gpl-v3` key; nothing of it is shipped) computes the
 * formulas, on a sheet whose A1 and B1 hold numbers, so that a reference shows another cell's value.
 */
const sheet = HyperFormula.buildFromArray([[7, 5]], { licenseKey: 'gpl-v3' });
const at = { sheet: 0, col: 3, row: 3 };
afterAll(() => sheet.destroy());

type Shown = { readonly text: string } | { readonly computed: CellValue } | { readonly value: CellValue };

function shown(cell: string): Shown {
  const formula = cell.startsWith('=')
    ? cell
    : /^[+\-@]/.test(cell)
      ? `=${cell.startsWith('@') ? cell.slice(1) : cell}`
      : undefined;
  if (formula !== undefined) {
    sheet.setCellContents(at, formula);
    const value = sheet.getCellValue(at);
    const unparsable =
      value instanceof DetailedCellError && value.type === ErrorType.ERROR && /^Parsing error/.test(value.message);
    // After `=` a spreadsheet shows the error; after + - @ it gives up and keeps the text.
    if (unparsable && !cell.startsWith('=')) return { text: cell };
    return { computed: value instanceof DetailedCellError ? value.value : value };
  }
  sheet.setCellContents(at, cell);
  const value = sheet.getCellValue(at);
  return typeof value === 'string' ? { text: value } : { value };
}

/** True when the spreadsheet shows what the visitor sent. */
function faithful(stored: string, display: Shown): boolean {
  if ('text' in display) return display.text === stored;
  // A number, date or truth value read from plain text (no formula) is the spreadsheet's formatting of
  // what was sent, not a computation; importing the column as text keeps it verbatim (see the README).
  if ('value' in display) return true;
  return false;
}

const formulaBodies = [
  '1+1',
  'A1',
  'A1+B1',
  'B1*2',
  'SUM(A1:B1)',
  '91 98107 45210',
  '91-98107-45210',
  '91 (0) 98107 45210',
  'orders@acme.in',
  'HYPERLINK("http://evil.example","open")',
  "cmd|' /C calc'!A0",
  '5',
  '1',
  'x',
  'TRUE',
  '',
];
const prefixes = ['=', '+', '-', '@', '\t', '\r', ' =', '  +', '\uFF1D', '\uFF0B', "'", "''", "'=", ' ', ''];

const formulaLike = fc.tuple(fc.constantFrom(...prefixes), fc.constantFrom(...formulaBodies)).map(([p, b]) => p + b);
const phoneNumber = fc
  .tuple(
    fc.constantFrom('+91', '+1', '+44', '+971', ''),
    fc.array(fc.stringMatching(/^\d{2,5}$/), { minLength: 1, maxLength: 4 }),
    fc.constantFrom(' ', '-', ''),
  )
  .map(([code, groups, sep]) => [code, ...groups].filter(Boolean).join(sep));
const anyText = fc.string({ unit: 'grapheme', maxLength: 30 });
const stored = fc.oneof(formulaLike, phoneNumber, anyText);

const contact = (values: readonly string[], n: number): ContactSubmission => ({
  type: 'contact',
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  createdAt: '2026-11-26T10:00:00.000Z',
  spam: false,
  username: values[0]!,
  mobile: values[1]!,
  email: values[2]!,
  company: values[3]!,
  projectDetails: values[4]!,
  noticeVersion: null,
  page: null,
});

describe('a CSV export opened in a spreadsheet', () => {
  it.each(csvSeparators)('shows every cell as sent, and gives it back by removing one guard (separator %j)', (separator) => {
    fc.assert(
      fc.property(fc.array(fc.array(stored, { minLength: 5, maxLength: 5 }), { minLength: 1, maxLength: 6 }), (rows) => {
        const csv = toCsv(rows.map(contact), 'contact', separator);
        const parsed = parse(csv, { delimiter: separator, record_delimiter: '\r\n' }) as string[][];
        expect(parsed).toHaveLength(rows.length + 1);
        rows.forEach((values, r) => {
          // Columns: type, id, created_at, spam, then the form's five fields, then notice_version.
          values.forEach((value, f) => {
            const cell = parsed[r + 1]![4 + f]!;
            expect(cell.startsWith("'") ? cell.slice(1) : cell, 'the guard comes off').toBe(value);
            expect(
              faithful(value, shown(cell)),
              `${JSON.stringify(value)} exported as ${JSON.stringify(cell)} shows ${JSON.stringify(shown(cell))}`,
            ).toBe(true);
          });
        });
      }),
      { seed: 35, numRuns: runs(300, 1500) },
    );
  });

  it.each([
    ['-1+1', "'-1+1"],
    ['+A1', "'+A1"],
    ['-A1+B1', "'-A1+B1"],
    ["'=1+1", "''=1+1"],
    ['=1+1', "'=1+1"],
    ['+91-98107-45210', "'+91-98107-45210"],
    ['+91 98107 45210', '+91 98107 45210'],
  ])('exports %j as %j', (value, cell) => {
    const csv = toCsv([contact([value, value, value, value, value], 1)], 'contact');
    expect((parse(csv) as string[][])[1]![4]).toBe(cell);
    expect(shown(cell)).toEqual({ text: value });
  });
});
