// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside each text asset of the web app, so the
// server sends them without compressing on every request (@fastify/static's preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt)$/;
// Below this a compressed copy saves too little to be worth a second file.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let raw = 0;
let packed = 0;
for (const file of files(dist)) {
  if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) continue;
  const content = readFileSync(file);
  const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  count++;
  raw += content.length;
  packed += br.length;
}
console.info(
  `compressed ${count} files: ${Math.round(raw / 1024)} kB -> ${Math.round(packed / 1024)} kB (brotli)`,
);
