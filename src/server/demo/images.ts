// Small, valid PNG pictures for the demo dataset (a 2-inch photo, ID card and diploma scans, portal
// banners), drawn pixel by pixel and encoded with zlib, so the demo needs no binary files in the repo.
import zlib from 'node:zlib';

type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGB PNG of width × height whose pixels come from `paint`. */
export function png(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let offset = 0;
  for (let y = 0; y < height; y++) {
    raw[offset++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      raw[offset++] = r;
      raw[offset++] = g;
      raw[offset++] = b;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/** 2-inch ID photo (295 × 413 px): head and shoulders on a light blue background. */
export function demoPhoto(shirt: Rgb = [38, 52, 96]): Buffer {
  const width = 295;
  const height = 413;
  return png(width, height, (x, y) => {
    const head = ((x - 147) / 62) ** 2 + ((y - 160) / 78) ** 2 <= 1;
    const shoulders = y > 265 && ((x - 147) / 140) ** 2 + ((y - 413) / 150) ** 2 <= 1;
    if (head) return [236, 204, 178];
    if (shoulders) return shirt;
    return [142, 196, 238];
  });
}

/** A card-like scan (ID card face, diploma) with a coloured band and text-like lines. */
export function demoScan(band: Rgb, width = 640, height = 400): Buffer {
  return png(width, height, (x, y) => {
    if (y < height * 0.18) return band;
    const line = Math.floor((y - height * 0.25) / 28);
    const inLine =
      line >= 0 && line < 8 && (y - height * 0.25) % 28 < 8 && x > 60 && x < width - 60 - line * 30;
    return inLine ? [150, 156, 170] : [250, 250, 246];
  });
}

/** A portal banner: a diagonal gradient from the theme colour. */
export function demoBanner(from: Rgb, to: Rgb, width = 1200, height = 400): Buffer {
  return png(width, height, (x, y) => mix(from, to, (x / width + y / height) / 2));
}
