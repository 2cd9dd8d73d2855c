import { describe, expect, it } from 'vitest';
import type { Order } from '@toolshop/shared/order';
import { centsCell, csvField, toCsv } from './csv';
import { ordersCsv } from './order-export';

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

describe('ordersCsv', () => {
  const order: Order = {
    _id: 'o-1',
    email: 'eve@example.com',
    name: '=HYPERLINK("http://evil")',
    toolId: 't-1',
    tool: 'Pliers, long',
    quantity: 3,
    address: 'Line 1\nLine 2',
    phone: '+1 555 0100',
    unitPrice: 19.99,
    total: 59.97,
    status: 'paid',
    paid: true,
    transactionId: 'demo_1',
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: null,
  };

  it('exports every order with money as exact decimals and nothing a spreadsheet would run', () => {
    expect(ordersCsv([order, { ...order, _id: 'o-2', phone: null, transactionId: null, total: 0.1 }])).toBe(
      'Order ID,Placed (UTC),Customer,E-mail,Tool,Quantity,Unit price,Total,Status,Address,Phone,Transaction\r\n' +
        `o-1,2026-11-20T10:00:00.000Z,"'=HYPERLINK(""http://evil"")",eve@example.com,"Pliers, long",3,19.99,59.97,paid,"Line 1\nLine 2",'+1 555 0100,demo_1\r\n` +
        `o-2,2026-11-20T10:00:00.000Z,"'=HYPERLINK(""http://evil"")",eve@example.com,"Pliers, long",3,19.99,0.10,paid,"Line 1\nLine 2",,\r\n`,
    );
  });
});
