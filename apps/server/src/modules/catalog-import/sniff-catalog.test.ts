import { describe, expect, it } from 'vitest';
import { detectEncoding, NotACatalogError, sniffCatalog } from './sniff-catalog.ts';
import { catalogBuffer, encodeText } from './testing/generate-catalog.ts';

describe('detectEncoding', () => {
  it('reads BOMs, the UTF-16 NUL pattern, valid UTF-8 and falls back to Latin-1', () => {
    expect(detectEncoding(encodeText('home_listing_id,name\n', 'utf-8-bom', true))).toBe('utf-8');
    expect(detectEncoding(encodeText('home_listing_id,name\n', 'utf-16le', true))).toBe('utf-16le');
    expect(detectEncoding(encodeText('home_listing_id,name\n', 'utf-16be', true))).toBe('utf-16be');
    expect(detectEncoding(encodeText('home_listing_id,name\n', 'utf-16le-nobom', true))).toBe('utf-16le');
    expect(detectEncoding(Buffer.from('home_listing_id,name\n', 'utf16le').swap16())).toBe('utf-16be');
    expect(detectEncoding(Buffer.from('home_listing_id,São Paulo\n', 'utf8'))).toBe('utf-8');
    expect(detectEncoding(Buffer.from('home_listing_id,São Paulo\n', 'latin1'))).toBe('windows-1252');
    // UTF-8 with one broken byte among valid accented text stays UTF-8.
    expect(
      detectEncoding(
        Buffer.concat([Buffer.from('home_listing_id,São Paulo,Moóca\n'), Buffer.from([0xe1, 0x20])]),
      ),
    ).toBe('utf-8');
    // A multi-byte character cut at the end of the sample is still UTF-8.
    expect(detectEncoding(Buffer.from('home_listing_id,ã', 'utf8').subarray(0, -1))).toBe('utf-8');
    expect(detectEncoding(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]))).toBe('binary');
  });
});

describe('sniffCatalog', () => {
  it('tells CSV, TSV, semicolon CSV and XML apart', () => {
    expect(sniffCatalog(catalogBuffer({ format: 'csv', count: 2 }))).toEqual({
      format: 'csv',
      encoding: 'utf-8',
      delimiter: ',',
    });
    expect(sniffCatalog(catalogBuffer({ format: 'tsv', count: 2, encoding: 'utf-16be' }))).toEqual({
      format: 'tsv',
      encoding: 'utf-16be',
      delimiter: '\t',
    });
    expect(sniffCatalog(catalogBuffer({ format: 'csv-semicolon', count: 2, encoding: 'latin1' }))).toEqual({
      format: 'csv',
      encoding: 'windows-1252',
      delimiter: ';',
    });
    expect(sniffCatalog(catalogBuffer({ format: 'xml', count: 2, encoding: 'utf-8-bom' }))).toEqual({
      format: 'xml',
      encoding: 'utf-8',
      delimiter: null,
    });
    expect(sniffCatalog(Buffer.from('\r\n  "Home_Listing_ID";"name"\r\n1;Casa'))).toMatchObject({
      format: 'csv',
      delimiter: ';',
    });
  });

  it('refuses what is not a catalog with a Portuguese message', () => {
    const refuse = (content: Buffer) => {
      try {
        sniffCatalog(content);
        return null;
      } catch (err) {
        expect(err).toBeInstanceOf(NotACatalogError);
        return (err as Error).message;
      }
    };
    expect(refuse(Buffer.from('nome,preco\nCasa,1\n'))).toMatch(/home_listing_id não foi encontrada/);
    expect(refuse(Buffer.from('<feed><entry/></feed>'))).toMatch(/nenhum elemento “listing”/);
    expect(refuse(Buffer.from('%PDF-1.7\n\0\0'))).toMatch(/PDF/);
    expect(refuse(Buffer.from([0x1f, 0x8b, 8, 0, 0, 0]))).toMatch(/gzip/);
    expect(refuse(Buffer.from('x'.repeat(64 * 1024)))).toMatch(/longa demais/);
    expect(refuse(Buffer.from('\x01\x02\x03\x04\x05\x06 home_listing_id'))).toMatch(/binário/);
  });
});
