import { describe, expect, it } from 'vitest';
import { centsCell, csvField, toCsv } from './csv';

describe('csvField (RFC 4180, formulas neutralised)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    ['crlf\r\nend', '"crlf\r\nend"'],
    ['', ''],
  ])('writes %j as %j', (cell, written) => {
    expect(csvField(cell)).toBe(written);
  });

  it.each([
    ["=cmd|'/c calc'!A1", "'=cmd|'/c calc'!A1"],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', '"\'\r=1"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['=1,2', '"\'=1,2"'],
  ])('neutralises the formula-leading text %j as %j', (cell, written) => {
    expect(csvField(cell)).toBe(written);
  });

  it('keeps a cell that only contains those characters later on', () => {
    expect(csvField('a=b+c-d@e')).toBe('a=b+c-d@e');
  });

  it('writes numbers, exact decimals and empty cells as they are', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField(centsCell(-1250))).toBe('-12.50');
    expect(csvField(centsCell(5))).toBe('0.05');
    expect(csvField(centsCell(123456789))).toBe('1234567.89');
    expect(csvField(null)).toBe('');
  });
});

describe('toCsv', () => {
  it('writes a header row and one CRLF-terminated record per row', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['1', 2],
          [null, 'x,y'],
        ],
      ),
    ).toBe('a,b\r\n1,2\r\n,"x,y"\r\n');
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(['a', 'b'], [])).toBe('a,b\r\n');
  });
});
