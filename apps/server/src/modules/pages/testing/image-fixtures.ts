/** Smallest headers of JPEG and WebP images (enough for type sniffing and size reading), built in code. */

/** A JPEG header: optional EXIF orientation, then a baseline SOF0 with the stored width and height. */
export function jpegHeader(width: number, height: number, orientation?: number): Buffer {
  const parts: Buffer[] = [Buffer.from([0xff, 0xd8])];
  if (orientation) {
    const tiff = Buffer.alloc(26);
    tiff.write('II', 0, 'ascii');
    tiff.writeUInt16LE(42, 2);
    tiff.writeUInt32LE(8, 4);
    tiff.writeUInt16LE(1, 8); // one entry
    tiff.writeUInt16LE(0x0112, 10);
    tiff.writeUInt16LE(3, 12); // SHORT
    tiff.writeUInt32LE(1, 14);
    tiff.writeUInt16LE(orientation, 18);
    const app1 = Buffer.alloc(4 + 6);
    app1.writeUInt16BE(0xffe1, 0);
    app1.writeUInt16BE(2 + 6 + tiff.length, 2);
    app1.write('Exif\0\0', 4, 'latin1');
    parts.push(app1, tiff);
  }
  const sof = Buffer.alloc(19);
  sof.writeUInt16BE(0xffc0, 0);
  sof.writeUInt16BE(17, 2);
  sof[4] = 8;
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  sof[9] = 3;
  parts.push(sof, Buffer.from([0xff, 0xd9]));
  return Buffer.concat(parts);
}

export function webpHeader(kind: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Buffer {
  const buf = Buffer.alloc(40);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(32, 4);
  buf.write('WEBP', 8, 'ascii');
  buf.write(kind, 12, 'ascii');
  buf.writeUInt32LE(20, 16);
  if (kind === 'VP8 ') {
    buf[23] = 0x9d;
    buf[24] = 0x01;
    buf[25] = 0x2a;
    buf.writeUInt16LE(width, 26);
    buf.writeUInt16LE(height, 28);
  } else if (kind === 'VP8L') {
    buf[20] = 0x2f;
    const bits = (width - 1) | ((height - 1) << 14);
    buf.writeUInt32LE(bits >>> 0, 21);
  } else {
    buf.writeUIntLE(width - 1, 24, 3);
    buf.writeUIntLE(height - 1, 27, 3);
  }
  return buf;
}
