/**
 * Property-photo-like illustrations for the demo listings, drawn as SVG and rasterised with sharp at
 * seed time (no network, nothing binary committed). Every scene is deterministic for its seed, so two
 * seeds give two different façades, living rooms or views. 1200×900 (4:3, the landing hero's ratio).
 */

/** sharp (libvips) is imported on first use, not at start: most starts never draw an image. */
const loadSharp = async () => (await import('sharp')).default;

export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 900;
const W = PHOTO_WIDTH;
const H = PHOTO_HEIGHT;

export type SceneKind = 'tower' | 'house' | 'view' | 'living' | 'kitchen' | 'bedroom' | 'pool';

export interface SceneSpec {
  kind: SceneKind;
  seed: number;
}

/** A small deterministic PRNG (mulberry32): same seed, same picture. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min: number, max: number) => min + (max - min) * next(),
    int: (min: number, max: number) => Math.floor(min + (max - min + 1) * next()),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
type Rng = ReturnType<typeof prng>;

const f = (n: number) => Math.round(n * 10) / 10;

// ---------------------------------------------------------------------------------------------
// Shared pieces: skies, vegetation, light
// ---------------------------------------------------------------------------------------------

type SkyMood = 'day' | 'golden' | 'dusk';
const SKIES: Record<SkyMood, [string, string, string]> = {
  day: ['#3d8fd6', '#8cc2ea', '#e4f1fa'],
  golden: ['#5b8fc9', '#f3c98b', '#fbe3b8'],
  dusk: ['#2b2f63', '#c1648a', '#f6b26b'],
};

function skyDefs(id: string, mood: SkyMood) {
  const [top, mid, bottom] = SKIES[mood];
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.6" stop-color="${mid}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

/** Soft clouds from radial gradients (cheaper than a blur filter). */
function clouds(rng: Rng, yMax: number, tint = '#ffffff', count = 5) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const cx = rng.range(0, W);
    const cy = rng.range(40, yMax);
    const rx = rng.range(90, 220);
    for (let j = 0; j < 4; j++) {
      out += `<ellipse cx="${f(cx + rng.range(-rx * 0.6, rx * 0.6))}" cy="${f(cy + rng.range(-14, 14))}" rx="${f(rx * rng.range(0.45, 0.8))}" ry="${f(rng.range(22, 42))}" fill="url(#cloud)" opacity="${f(rng.range(0.5, 0.85))}"/>`;
    }
  }
  return `<defs><radialGradient id="cloud"><stop offset="0" stop-color="${tint}" stop-opacity="0.95"/><stop offset="0.6" stop-color="${tint}" stop-opacity="0.55"/><stop offset="1" stop-color="${tint}" stop-opacity="0"/></radialGradient></defs>${out}`;
}

function palm(x: number, ground: number, height: number, rng: Rng, dark = false) {
  const lean = rng.range(-40, 40);
  const topX = x + lean;
  const topY = ground - height;
  const trunk = dark ? '#3b2f25' : '#7a5c3e';
  const leaf = dark ? '#1e3b24' : '#2f7a3b';
  const leaf2 = dark ? '#14301b' : '#23602d';
  let fronds = '';
  for (let i = 0; i < 9; i++) {
    const a = (-170 + i * 20 + rng.range(-8, 8)) * (Math.PI / 180);
    const len = height * rng.range(0.32, 0.45);
    const ex = topX + Math.cos(a) * len;
    const ey = topY + Math.sin(a) * len * 0.55 + len * 0.35;
    const cx = topX + Math.cos(a) * len * 0.5;
    const cy = topY + Math.sin(a) * len * 0.5 - 18;
    fronds += `<path d="M${f(topX)} ${f(topY)} Q${f(cx)} ${f(cy - 10)} ${f(ex)} ${f(ey)} Q${f(cx)} ${f(cy + 12)} ${f(topX)} ${f(topY)}Z" fill="${i % 2 ? leaf : leaf2}"/>`;
  }
  return `<path d="M${f(x - 7)} ${ground} Q${f(x + lean * 0.2)} ${f(ground - height / 2)} ${f(topX - 4)} ${f(topY)} L${f(topX + 4)} ${f(topY)} Q${f(x + lean * 0.2 + 9)} ${f(ground - height / 2)} ${f(x + 7)} ${ground}Z" fill="${trunk}"/>${fronds}`;
}

function roundTree(
  x: number,
  ground: number,
  size: number,
  rng: Rng,
  colors = ['#3f7d3a', '#4f9445', '#2f6a2f'],
) {
  let out = `<rect x="${f(x - size * 0.06)}" y="${f(ground - size * 0.9)}" width="${f(size * 0.12)}" height="${f(size * 0.9)}" fill="#5b4330"/>`;
  for (let i = 0; i < 7; i++) {
    out += `<circle cx="${f(x + rng.range(-size * 0.4, size * 0.4))}" cy="${f(ground - size * rng.range(0.9, 1.35))}" r="${f(size * rng.range(0.28, 0.42))}" fill="${colors[i % colors.length]}"/>`;
  }
  return out;
}

function shrubs(y: number, x0: number, x1: number, rng: Rng, colors = ['#356b32', '#44803c', '#2c5a2a']) {
  let out = '';
  for (let x = x0; x < x1; x += rng.range(26, 46)) {
    out += `<ellipse cx="${f(x)}" cy="${f(y - rng.range(0, 10))}" rx="${f(rng.range(24, 40))}" ry="${f(rng.range(18, 30))}" fill="${rng.pick(colors)}"/>`;
  }
  return out;
}

function pottedPlant(x: number, floor: number, size: number, rng: Rng) {
  const pot = rng.pick(['#d9cfc2', '#3a3a3a', '#b5714a', '#f1ede6']);
  let leaves = '';
  for (let i = 0; i < 11; i++) {
    const a = -90 + rng.range(-70, 70);
    const len = size * rng.range(0.55, 1.0);
    leaves += `<ellipse cx="${f(x)}" cy="${f(floor - size * 0.45 - len / 2)}" rx="${f(size * 0.09)}" ry="${f(len / 2)}" fill="${rng.pick(['#2f6b34', '#3d8442', '#275a2c', '#4a9a4e'])}" transform="rotate(${f(a + 90)} ${f(x)} ${f(floor - size * 0.45)})"/>`;
  }
  return `${leaves}<path d="M${f(x - size * 0.22)} ${f(floor - size * 0.45)} L${f(x + size * 0.22)} ${f(floor - size * 0.45)} L${f(x + size * 0.17)} ${floor} L${f(x - size * 0.17)} ${floor}Z" fill="${pot}"/>`;
}

/** A photographic finish: a warm or cool light wash and darker corners. */
function finish(warmth: 'warm' | 'cool' | 'neutral') {
  const wash = { warm: '#ffcf8a', cool: '#9cc8ff', neutral: '#ffffff' }[warmth];
  return `<defs><radialGradient id="vig" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.38"/></radialGradient>
<linearGradient id="wash" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${wash}" stop-opacity="0.16"/><stop offset="1" stop-color="${wash}" stop-opacity="0"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#wash)"/><rect width="${W}" height="${H}" fill="url(#vig)"/>`;
}

// ---------------------------------------------------------------------------------------------
// Exteriors
// ---------------------------------------------------------------------------------------------

const FACADES = [
  { wall: '#e9e4dc', side: '#c9c2b8', trim: '#ffffff' },
  { wall: '#d8d3cc', side: '#aaa39a', trim: '#f4f1ec' },
  { wall: '#c7b299', side: '#9d8a73', trim: '#efe6da' },
  { wall: '#e5ddd0', side: '#b9ac99', trim: '#7b6a58' },
  { wall: '#b9c3c9', side: '#8a969e', trim: '#eef2f4' },
  { wall: '#f0ebe3', side: '#cfc6b9', trim: '#3d4650' },
  { wall: '#b4654a', side: '#8a4a35', trim: '#f3ede4' },
  { wall: '#3f5d78', side: '#2c435a', trim: '#d9e2ea' },
  { wall: '#a9a49b', side: '#7f7a72', trim: '#e9e4da' },
];

function windowGlass(id: string, mood: SkyMood) {
  const [top, mid] = SKIES[mood];
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mid}" stop-opacity="0.95"/><stop offset="0.45" stop-color="${top}"/><stop offset="1" stop-color="#1f3347"/></linearGradient>`;
}

function tower(rng: Rng) {
  const mood = rng.pick<SkyMood>(['day', 'day', 'golden', 'dusk']);
  const c = rng.pick(FACADES);
  const floors = rng.int(9, 17);
  const bw = rng.range(340, 520);
  const bx = rng.range(200, 720 - bw / 2);
  const sideW = rng.range(120, 170);
  const ground = 760;
  const floorH = (ground - 80) / floors;
  const top = ground - floors * floorH;
  let s = `<defs>${skyDefs('sky', mood)}${windowGlass('glass', mood)}<linearGradient id="street" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6f6f6f"/><stop offset="1" stop-color="#3c3c3c"/></linearGradient></defs>`;
  s += `<rect width="${W}" height="${H}" fill="url(#sky)"/>${clouds(rng, 260)}`;
  // background skyline, hazy
  for (let x = -20; x < W; x += rng.range(70, 140)) {
    const h = rng.range(160, 420);
    const w = rng.range(60, 130);
    s += `<rect x="${f(x)}" y="${f(ground - h)}" width="${f(w)}" height="${f(h)}" fill="#a9b8c6" opacity="0.55"/>`;
  }
  // the building: front face and a side face in shade
  s += `<polygon points="${f(bx + bw)},${f(top)} ${f(bx + bw + sideW)},${f(top + 30)} ${f(bx + bw + sideW)},${ground} ${f(bx + bw)},${ground}" fill="${c.side}"/>`;
  s += `<rect x="${f(bx)}" y="${f(top)}" width="${f(bw)}" height="${f(ground - top)}" fill="${c.wall}"/>`;
  s += `<rect x="${f(bx - 8)}" y="${f(top - 14)}" width="${f(bw + 16)}" height="16" fill="${c.trim}"/>`;
  const cols = rng.int(3, 5);
  const balcony = rng.next() > 0.35;
  for (let i = 0; i < floors; i++) {
    const y = top + i * floorH;
    for (let j = 0; j < cols; j++) {
      const cw = bw / cols;
      const wx = bx + j * cw + cw * 0.12;
      const ww = cw * 0.76;
      const lit = rng.next() > (mood === 'dusk' ? 0.45 : 0.85);
      s += `<rect x="${f(wx)}" y="${f(y + floorH * 0.18)}" width="${f(ww)}" height="${f(floorH * 0.62)}" fill="${lit ? '#f6d9a0' : 'url(#glass)'}"/>`;
      s += `<rect x="${f(wx + ww / 2 - 1)}" y="${f(y + floorH * 0.18)}" width="2" height="${f(floorH * 0.62)}" fill="${c.trim}" opacity="0.7"/>`;
    }
    if (balcony) {
      s += `<rect x="${f(bx - 10)}" y="${f(y + floorH * 0.72)}" width="${f(bw + 20)}" height="${f(floorH * 0.28)}" fill="#cfe3ee" opacity="0.55"/>`;
      s += `<rect x="${f(bx - 10)}" y="${f(y + floorH * 0.99)}" width="${f(bw + 20)}" height="5" fill="${c.trim}"/>`;
    } else {
      s += `<rect x="${f(bx)}" y="${f(y + floorH * 0.92)}" width="${f(bw)}" height="4" fill="${c.side}" opacity="0.6"/>`;
    }
    // side windows
    s += `<polygon points="${f(bx + bw + 25)},${f(y + floorH * 0.25 + 3)} ${f(bx + bw + sideW - 25)},${f(y + floorH * 0.25 + 3 + 14)} ${f(bx + bw + sideW - 25)},${f(y + floorH * 0.78 + 14)} ${f(bx + bw + 25)},${f(y + floorH * 0.78 + 3)}" fill="#3d5366" opacity="0.7"/>`;
  }
  // ground floor: lobby glass and a canopy
  s += `<rect x="${f(bx)}" y="${ground - 70}" width="${f(bw)}" height="70" fill="#2f3e4b"/><rect x="${f(bx + 20)}" y="${ground - 62}" width="${f(bw - 40)}" height="62" fill="#f1d7a6" opacity="0.75"/><rect x="${f(bx - 20)}" y="${ground - 82}" width="${f(bw + 40)}" height="12" fill="${c.trim}"/>`;
  // sidewalk, street
  s += `<rect y="${ground}" width="${W}" height="30" fill="#cfc8bd"/><rect y="${ground + 30}" width="${W}" height="${H - ground - 30}" fill="url(#street)"/>`;
  for (let x = 40; x < W; x += 160)
    s += `<rect x="${x}" y="${ground + 80}" width="80" height="8" fill="#e8e2d0" opacity="0.8"/>`;
  s += shrubs(ground + 4, bx - 40, bx + bw + sideW + 30, rng);
  for (const x of [rng.range(60, 200), rng.range(1000, 1150)])
    s +=
      rng.next() > 0.5
        ? palm(x, ground + 10, rng.range(260, 340), rng)
        : roundTree(x, ground + 10, rng.range(130, 170), rng);
  // a neighbour at the edge of the frame
  const nx = bx > 450 ? rng.range(-60, 40) : rng.range(960, 1060);
  const nc = rng.pick(FACADES);
  s += `<rect x="${f(nx)}" y="${f(rng.range(260, 420))}" width="200" height="${ground}" fill="${nc.wall}"/>`;
  for (let y = 300; y < ground - 40; y += 46)
    s += `<rect x="${f(nx + 20)}" y="${y}" width="160" height="26" fill="url(#glass)" opacity="0.85"/>`;
  s += shrubs(ground + 4, nx, nx + 200, rng);
  return s + finish(mood === 'dusk' ? 'warm' : mood === 'golden' ? 'warm' : 'neutral');
}

function house(rng: Rng) {
  const mood = rng.pick<SkyMood>(['day', 'golden', 'day']);
  const c = rng.pick(FACADES);
  const ground = 640;
  const pitched = rng.next() > 0.5;
  const hx = rng.range(180, 260);
  const hw = rng.range(720, 820);
  const wood = rng.pick(['#9a6a43', '#b07d52', '#7d5535']);
  let s = `<defs>${skyDefs('sky', mood)}${windowGlass('glass', mood)}<linearGradient id="lawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6da251"/><stop offset="1" stop-color="#3f7a34"/></linearGradient><linearGradient id="warm" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe3ad"/><stop offset="1" stop-color="#e8a95c"/></linearGradient></defs>`;
  s += `<rect width="${W}" height="${H}" fill="url(#sky)"/>${clouds(rng, 220)}`;
  s +=
    roundTree(80, ground, 230, rng, ['#2f5f2c', '#3b7034', '#274f25']) +
    roundTree(1130, ground, 250, rng, ['#2f5f2c', '#3b7034', '#274f25']);
  // ground floor volume
  const gTop = ground - 200;
  s += `<rect x="${f(hx)}" y="${f(gTop)}" width="${f(hw)}" height="200" fill="${c.wall}"/>`;
  // big sliding glass doors, warm light inside
  s += `<rect x="${f(hx + hw * 0.42)}" y="${f(gTop + 30)}" width="${f(hw * 0.5)}" height="170" fill="url(#warm)"/>`;
  for (let i = 1; i < 4; i++)
    s += `<rect x="${f(hx + hw * 0.42 + (hw * 0.5 * i) / 4 - 2)}" y="${f(gTop + 30)}" width="4" height="170" fill="#2d2d2d"/>`;
  s += `<rect x="${f(hx + hw * 0.42)}" y="${f(gTop + 30)}" width="${f(hw * 0.5)}" height="170" fill="none" stroke="#2d2d2d" stroke-width="6"/>`;
  // wooden slatted door
  for (let x = hx + hw * 0.1; x < hx + hw * 0.3; x += 12)
    s += `<rect x="${f(x)}" y="${f(gTop + 40)}" width="9" height="160" fill="${wood}"/>`;
  // upper floor
  const uTop = gTop - 190;
  const ux = hx + (pitched ? 0 : hw * 0.18);
  const uw = pitched ? hw : hw * 0.85;
  s += `<rect x="${f(ux)}" y="${f(uTop)}" width="${f(uw)}" height="190" fill="${pitched ? c.wall : c.trim}"/>`;
  s += `<rect x="${f(ux - 10)}" y="${f(gTop - 8)}" width="${f(uw + 20)}" height="14" fill="${c.side}"/>`;
  for (let i = 0; i < 3; i++) {
    const wx = ux + uw * (0.1 + i * 0.3);
    s += `<rect x="${f(wx)}" y="${f(uTop + 45)}" width="${f(uw * 0.2)}" height="105" fill="url(#glass)" stroke="#2d2d2d" stroke-width="5"/>`;
  }
  if (!pitched) {
    for (let x = ux + uw * 0.72; x < ux + uw - 10; x += 13)
      s += `<rect x="${f(x)}" y="${f(uTop + 20)}" width="9" height="150" fill="${wood}"/>`;
    s += `<rect x="${f(ux - 16)}" y="${f(uTop - 14)}" width="${f(uw + 32)}" height="16" fill="${c.side}"/>`;
  } else {
    const roof = rng.pick(['#a4502f', '#8c3f25', '#5a5f66']);
    s += `<polygon points="${f(ux - 40)},${f(uTop + 4)} ${f(ux + uw / 2)},${f(uTop - 150)} ${f(ux + uw + 40)},${f(uTop + 4)}" fill="${roof}"/>`;
    for (let i = 1; i < 8; i++) {
      const t = i / 8;
      s += `<line x1="${f(ux - 40 + (uw / 2 + 40) * t)}" y1="${f(uTop + 4 - 154 * t)}" x2="${f(ux + uw + 40 - (uw / 2 + 40) * t)}" y2="${f(uTop + 4 - 154 * t)}" stroke="#000" stroke-opacity="0.12" stroke-width="3"/>`;
    }
  }
  // lawn, path, hedge
  s += `<rect y="${ground}" width="${W}" height="${H - ground}" fill="url(#lawn)"/>`;
  s += `<polygon points="${f(hx + hw * 0.5)},${ground} ${f(hx + hw * 0.75)},${ground} ${f(hx + hw * 0.95)},${H} ${f(hx + hw * 0.3)},${H}" fill="#d9d2c4"/>`;
  for (let y = ground + 30; y < H; y += 45)
    s += `<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="#d9d2c4" stroke-opacity="0"/>`;
  s +=
    shrubs(ground + 8, hx - 30, hx + hw * 0.45, rng) + shrubs(ground + 8, hx + hw * 0.98, hx + hw + 40, rng);
  s += pottedPlant(hx + hw * 0.4, ground + 2, 130, rng);
  return s + finish(mood === 'golden' ? 'warm' : 'neutral');
}

function view(rng: Rng) {
  const mood = rng.pick<SkyMood>(['dusk', 'golden', 'day']);
  const sea =
    mood === 'day'
      ? ['#2f7fb0', '#1b4f73']
      : mood === 'golden'
        ? ['#6f8fa8', '#2f4a63']
        : ['#6b5a86', '#24294d'];
  const horizon = 470;
  let s = `<defs>${skyDefs('sky', mood)}<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sea[0]}"/><stop offset="1" stop-color="${sea[1]}"/></linearGradient><radialGradient id="sun"><stop offset="0" stop-color="#fff6d8"/><stop offset="0.25" stop-color="#ffd98a" stop-opacity="0.9"/><stop offset="1" stop-color="#ffb35c" stop-opacity="0"/></radialGradient><linearGradient id="deck" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a57a52"/><stop offset="1" stop-color="#6e4c30"/></linearGradient><linearGradient id="pool" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5fd0e0"/><stop offset="1" stop-color="#1f8fb0"/></linearGradient></defs>`;
  s += `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  const sunX = rng.range(350, 850);
  s += `<circle cx="${f(sunX)}" cy="${horizon - 40}" r="${mood === 'day' ? 0 : 260}" fill="url(#sun)"/>`;
  s += clouds(rng, 300, mood === 'dusk' ? '#f7c7b5' : '#ffffff', 4);
  // mountains (morros) in layers
  const layers = [
    { color: mood === 'dusk' ? '#4a3f6b' : '#5d7f8f', base: horizon, amp: 190 },
    { color: mood === 'dusk' ? '#2e2a4d' : '#3e5f55', base: horizon, amp: 120 },
  ];
  for (const layer of layers) {
    let d = `M0 ${layer.base}`;
    let x = 0;
    while (x < W) {
      const w = rng.range(160, 320);
      const h = rng.range(0.25, 1) * layer.amp;
      d += ` Q${f(x + w * 0.15)} ${f(layer.base - h * 1.1)} ${f(x + w / 2)} ${f(layer.base - h)} Q${f(x + w * 0.85)} ${f(layer.base - h * 1.1)} ${f(x + w)} ${layer.base}`;
      x += w;
    }
    s += `<path d="${d} L${W} ${layer.base}Z" fill="${layer.color}"/>`;
  }
  // the city by the shore
  for (let x = 0; x < W; x += rng.range(18, 40)) {
    const h = rng.range(10, 70);
    s += `<rect x="${f(x)}" y="${f(horizon - h)}" width="${f(rng.range(14, 32))}" height="${f(h)}" fill="${mood === 'dusk' ? '#2a2440' : '#c9c6bd'}"/>`;
    if (mood === 'dusk')
      s += `<rect x="${f(x + 4)}" y="${f(horizon - h + 6)}" width="3" height="3" fill="#ffd27a"/>`;
  }
  s += `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#sea)"/>`;
  for (let i = 0; i < 40; i++) {
    const y = horizon + rng.range(6, 260);
    const wv = rng.range(20, 90);
    s += `<rect x="${f(sunX - wv / 2 + rng.range(-80, 80))}" y="${f(y)}" width="${f(wv)}" height="2.5" fill="#fff1c7" opacity="${f(rng.range(0.25, 0.7))}"/>`;
  }
  // terrace: glass railing, deck and an infinity pool
  const deckY = 700;
  s += `<rect y="${deckY - 120}" width="${W}" height="120" fill="#dff1f7" opacity="0.18"/><rect y="${deckY - 124}" width="${W}" height="6" fill="#e8e8e8"/>`;
  for (let x = 0; x < W; x += 200)
    s += `<rect x="${x}" y="${deckY - 124}" width="5" height="124" fill="#d0d0d0"/>`;
  s += `<rect y="${deckY}" width="${W}" height="${H - deckY}" fill="url(#deck)"/>`;
  for (let i = 0; i < 14; i++)
    s += `<line x1="${f(600 + (i - 7) * 60)}" y1="${deckY}" x2="${f(600 + (i - 7) * 190)}" y2="${H}" stroke="#000" stroke-opacity="0.15" stroke-width="2"/>`;
  s += `<rect x="${f(rng.range(80, 200))}" y="${deckY + 40}" width="560" height="110" fill="url(#pool)"/>`;
  // loungers and plants
  const lx = rng.range(760, 900);
  s += `<path d="M${f(lx)} ${deckY + 120} l200 0 l30 -60 l-20 -6 l-30 46 l-180 0z" fill="#f2efe9"/><rect x="${f(lx + 10)}" y="${deckY + 120}" width="8" height="40" fill="#777"/><rect x="${f(lx + 190)}" y="${deckY + 120}" width="8" height="40" fill="#777"/>`;
  s += pottedPlant(60, deckY + 40, 170, rng) + pottedPlant(1140, deckY + 60, 190, rng);
  return s + finish(mood === 'day' ? 'neutral' : 'warm');
}

function pool(rng: Rng) {
  const mood = rng.pick<SkyMood>(['day', 'golden']);
  const c = rng.pick(FACADES);
  const waterTop = 560;
  let s = `<defs>${skyDefs('sky', mood)}${windowGlass('glass', mood)}<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fe0ea"/><stop offset="1" stop-color="#1c93b8"/></linearGradient></defs>`;
  s += `<rect width="${W}" height="${H}" fill="url(#sky)"/>${clouds(rng, 200)}`;
  // building behind
  const bx = rng.range(250, 450);
  s += `<rect x="${f(bx)}" y="80" width="520" height="${waterTop - 120}" fill="${c.wall}"/>`;
  for (let y = 110; y < waterTop - 80; y += 52)
    for (let x = bx + 30; x < bx + 500; x += 95)
      s += `<rect x="${f(x)}" y="${y}" width="60" height="32" fill="url(#glass)"/>`;
  s += `<rect y="${waterTop - 60}" width="${W}" height="60" fill="#e9e2d5"/>`;
  s += shrubs(waterTop - 58, 0, W, rng);
  // pool with caustic lines
  s += `<rect y="${waterTop}" width="${W}" height="${H - waterTop}" fill="#e8e0d2"/>`;
  s += `<polygon points="120,${waterTop + 30} 1080,${waterTop + 30} 1180,${H - 40} 20,${H - 40}" fill="url(#water)"/>`;
  for (let i = 0; i < 26; i++) {
    const y = waterTop + rng.range(50, 280);
    const x = rng.range(80, 1100);
    s += `<path d="M${f(x)} ${f(y)} q20 -8 40 0 t40 0" stroke="#e9fbff" stroke-width="2.5" fill="none" opacity="0.55"/>`;
  }
  // umbrella and loungers
  const ux = rng.range(850, 1050);
  s += `<rect x="${f(ux)}" y="${waterTop - 200}" width="6" height="230" fill="#6b6b6b"/><path d="M${f(ux - 130)} ${waterTop - 150} Q${f(ux + 3)} ${waterTop - 250} ${f(ux + 136)} ${waterTop - 150}Z" fill="${rng.pick(['#f2efe6', '#e6d3b3', '#2e5e6e'])}"/>`;
  s +=
    palm(rng.range(60, 160), waterTop - 40, 330, rng) + palm(rng.range(1080, 1160), waterTop - 40, 300, rng);
  return s + finish(mood === 'golden' ? 'warm' : 'cool');
}

// ---------------------------------------------------------------------------------------------
// Interiors: one-point perspective (back wall, floor, side walls), furniture in front of the back wall
// ---------------------------------------------------------------------------------------------

const WALLS = ['#efe9e1', '#e6e1da', '#dfe4e3', '#ece3d6', '#e9e6df', '#dcd6cc'];
const WOODS = [
  ['#c59b6d', '#9c7148'],
  ['#b98b5e', '#835c3a'],
  ['#d8b88e', '#b08c62'],
  ['#8d6748', '#5f432d'],
];
const FABRICS = ['#8a9a8c', '#c7b7a3', '#5d6b7a', '#b9a48a', '#7b8b6f', '#a56a4f', '#d8d2c6', '#4f5d63'];

const BACK = { x0: 170, x1: 1030, y0: 130, y1: 610 };

function room(rng: Rng, wall: string) {
  const [woodA, woodB] = rng.pick(WOODS);
  let s = `<defs><linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${woodB}"/><stop offset="1" stop-color="${woodA}"/></linearGradient><radialGradient id="glow"><stop offset="0" stop-color="#fff3c8" stop-opacity="0.55"/><stop offset="1" stop-color="#fff3c8" stop-opacity="0"/></radialGradient></defs>`;
  s += `<rect width="${W}" height="${H}" fill="${wall}"/>`;
  // ceiling, side walls shaded
  s += `<polygon points="0,0 ${W},0 ${BACK.x1},${BACK.y0} ${BACK.x0},${BACK.y0}" fill="#f7f5f1"/>`;
  s += `<polygon points="0,0 ${BACK.x0},${BACK.y0} ${BACK.x0},${BACK.y1} 0,${H}" fill="${wall}"/><polygon points="0,0 ${BACK.x0},${BACK.y0} ${BACK.x0},${BACK.y1} 0,${H}" fill="#000" opacity="0.07"/>`;
  s += `<polygon points="${W},0 ${BACK.x1},${BACK.y0} ${BACK.x1},${BACK.y1} ${W},${H}" fill="#000" opacity="0.12"/>`;
  // floor with planks converging to the vanishing point
  s += `<polygon points="0,${H} ${W},${H} ${BACK.x1},${BACK.y1} ${BACK.x0},${BACK.y1}" fill="url(#floor)"/>`;
  for (let i = 1; i < 18; i++) {
    const xb = (i * W) / 18;
    const xt = BACK.x0 + (i * (BACK.x1 - BACK.x0)) / 18;
    s += `<line x1="${f(xb)}" y1="${H}" x2="${f(xt)}" y2="${BACK.y1}" stroke="#000" stroke-opacity="0.13" stroke-width="1.5"/>`;
  }
  s += `<rect x="${BACK.x0}" y="${BACK.y1 - 8}" width="${BACK.x1 - BACK.x0}" height="8" fill="#fff" opacity="0.6"/>`;
  // recessed ceiling lights
  for (let i = 0; i < 3; i++)
    s += `<ellipse cx="${300 + i * 300}" cy="${60 + (i === 1 ? 10 : 0)}" rx="22" ry="6" fill="#fffbe8"/>`;
  return s;
}

/** A window on the left wall (in perspective) with the outside seen through it. */
function sideWindow(rng: Rng, mood: SkyMood) {
  const [top, mid, bottom] = SKIES[mood];
  const xa = 30;
  const xb = 140;
  const ya0 = 90;
  const ya1 = 760;
  const yb0 = 170;
  const yb1 = 580;
  let out = `<defs><linearGradient id="out" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.7" stop-color="${mid}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`;
  out += `<polygon points="${xa},${ya0} ${xb},${yb0} ${xb},${yb1} ${xa},${ya1}" fill="url(#out)"/>`;
  for (let i = 0; i < 5; i++) {
    const x = xa + (xb - xa) * rng.range(0.05, 0.9);
    const t = (x - xa) / (xb - xa);
    const base = ya1 + (yb1 - ya1) * t;
    const h = rng.range(80, 260) * (1 - t * 0.4);
    out += `<rect x="${f(x)}" y="${f(base - h)}" width="${f(rng.range(12, 24))}" height="${f(h)}" fill="#b7c3cc" opacity="0.8"/>`;
  }
  out += `<polygon points="${xa},${ya0} ${xb},${yb0} ${xb},${yb1} ${xa},${ya1}" fill="none" stroke="#2b2b2b" stroke-width="7"/>`;
  out += `<line x1="${(xa + xb) / 2}" y1="${(ya0 + yb0) / 2}" x2="${(xa + xb) / 2}" y2="${(ya1 + yb1) / 2}" stroke="#2b2b2b" stroke-width="5"/>`;
  // light on the floor
  out += `<polygon points="${xb},${yb1} 520,${H} 160,${H}" fill="#fff4d6" opacity="0.16"/>`;
  return out;
}

function wallArt(rng: Rng, x: number, y: number, w: number, h: number) {
  const a = rng.pick(['#c86b4a', '#2f5d62', '#d9a441', '#6d7fa3', '#8b6a8f']);
  const b = rng.pick(['#f2e6d0', '#e9d9c4', '#dfe8ea']);
  return `<rect x="${f(x - 8)}" y="${f(y - 8)}" width="${f(w + 16)}" height="${f(h + 16)}" fill="#2d2a26"/><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${b}"/><circle cx="${f(x + w * 0.4)}" cy="${f(y + h * 0.45)}" r="${f(Math.min(w, h) * 0.28)}" fill="${a}"/><rect x="${f(x + w * 0.15)}" y="${f(y + h * 0.7)}" width="${f(w * 0.7)}" height="${f(h * 0.1)}" fill="${a}" opacity="0.6"/>`;
}

function living(rng: Rng) {
  const wall = rng.pick(WALLS);
  const mood = rng.pick<SkyMood>(['day', 'golden']);
  const fabric = rng.pick(FABRICS);
  let s = room(rng, wall) + sideWindow(rng, mood);
  // large wall art or shelf
  s +=
    rng.next() > 0.4
      ? wallArt(rng, 470, 230, 260, 170)
      : wallArt(rng, 430, 250, 150, 150) + wallArt(rng, 620, 250, 150, 150);
  // sofa
  const sx = 330;
  const sw = 540;
  const sy = 560;
  s += `<rect x="${sx}" y="${sy - 150}" width="${sw}" height="110" rx="26" fill="${fabric}"/><rect x="${sx}" y="${sy - 150}" width="${sw}" height="110" rx="26" fill="#000" opacity="0.08"/>`;
  s += `<rect x="${sx - 30}" y="${sy - 90}" width="${sw + 60}" height="110" rx="22" fill="${fabric}"/>`;
  s += `<rect x="${sx - 40}" y="${sy - 120}" width="60" height="150" rx="22" fill="${fabric}"/><rect x="${sx + sw - 20}" y="${sy - 120}" width="60" height="150" rx="22" fill="${fabric}"/>`;
  s += `<rect x="${sx - 40}" y="${sy - 120}" width="60" height="150" rx="22" fill="#000" opacity="0.1"/><rect x="${sx + sw - 20}" y="${sy - 120}" width="60" height="150" rx="22" fill="#000" opacity="0.1"/>`;
  for (const [x, color] of [
    [sx + 40, rng.pick(['#e9dcc4', '#d9a441', '#c86b4a'])],
    [sx + sw - 140, rng.pick(['#e9dcc4', '#2f5d62', '#f2efe9'])],
  ] as const) {
    s += `<rect x="${x}" y="${sy - 135}" width="100" height="80" rx="18" fill="${color}" transform="rotate(${rng.range(-8, 8).toFixed(1)} ${x + 50} ${sy - 95})"/>`;
  }
  s += `<rect x="${sx}" y="${sy + 20}" width="10" height="22" fill="#2b2b2b"/><rect x="${sx + sw - 10}" y="${sy + 20}" width="10" height="22" fill="#2b2b2b"/>`;
  // rug and coffee table
  s += `<ellipse cx="600" cy="740" rx="420" ry="95" fill="${rng.pick(['#e8dfd0', '#cfc3b0', '#b8b0a4'])}"/>`;
  s += `<ellipse cx="600" cy="700" rx="170" ry="36" fill="${rng.pick(['#3a2f27', '#d9cbb5', '#8c6a4a'])}"/><rect x="470" y="700" width="260" height="40" fill="#000" opacity="0.2"/><ellipse cx="600" cy="690" rx="170" ry="36" fill="${rng.pick(['#4a3b30', '#e3d6c1', '#9c7a58'])}"/>`;
  s += `<rect x="560" y="650" width="40" height="28" rx="4" fill="#f2efe9"/><ellipse cx="650" cy="672" rx="28" ry="8" fill="#c86b4a"/>`;
  // floor lamp and plant
  s += `<rect x="955" y="330" width="6" height="290" fill="#2b2b2b"/><path d="M920 330 L996 330 L980 280 L936 280Z" fill="#f3e7cc"/><circle cx="958" cy="320" r="130" fill="url(#glow)"/>`;
  s += pottedPlant(230, 640, 220, rng);
  return s + finish(mood === 'golden' ? 'warm' : 'neutral');
}

function kitchen(rng: Rng) {
  const wall = rng.pick(WALLS);
  const cab = rng.pick(['#f4f2ee', '#2f3b40', '#6f7d6b', '#d8cdbd', '#3c4a5c']);
  const counter = rng.pick(['#e9e7e3', '#2b2b2b', '#d4cfc7']);
  const [woodA] = rng.pick(WOODS);
  let s = room(rng, wall) + sideWindow(rng, 'day');
  // tiled backsplash
  s += `<rect x="${BACK.x0}" y="330" width="${BACK.x1 - BACK.x0}" height="110" fill="${rng.pick(['#ffffff', '#e8eef0', '#f1e8dc'])}"/>`;
  for (let x = BACK.x0; x < BACK.x1; x += 36)
    s += `<line x1="${x}" y1="330" x2="${x}" y2="440" stroke="#000" stroke-opacity="0.08"/>`;
  for (let y = 348; y < 440; y += 18)
    s += `<line x1="${BACK.x0}" y1="${y}" x2="${BACK.x1}" y2="${y}" stroke="#000" stroke-opacity="0.08"/>`;
  // upper cabinets
  s += `<rect x="${BACK.x0}" y="150" width="${BACK.x1 - BACK.x0}" height="170" fill="${cab}"/>`;
  for (let x = BACK.x0; x < BACK.x1; x += 143)
    s += `<rect x="${x + 4}" y="154" width="135" height="162" fill="#000" opacity="0.05"/><rect x="${x + 118}" y="280" width="4" height="26" fill="#8a8a8a"/>`;
  // lower cabinets, counter, sink and cooktop
  s += `<rect x="${BACK.x0}" y="440" width="${BACK.x1 - BACK.x0}" height="16" fill="${counter}"/><rect x="${BACK.x0}" y="456" width="${BACK.x1 - BACK.x0}" height="154" fill="${cab}"/>`;
  for (let x = BACK.x0; x < BACK.x1; x += 143)
    s += `<rect x="${x + 4}" y="462" width="135" height="142" fill="#000" opacity="0.06"/><rect x="${x + 40}" y="470" width="56" height="4" fill="#8a8a8a"/>`;
  s += `<rect x="330" y="436" width="140" height="6" fill="#9aa3a8"/><path d="M400 436 v-60 q0 -14 14 -14 h20" stroke="#9aa3a8" stroke-width="6" fill="none"/>`;
  s += `<rect x="720" y="434" width="150" height="8" fill="#1d1d1d"/>`;
  // island with stools
  s += `<rect x="280" y="590" width="640" height="26" fill="${counter}"/><rect x="300" y="616" width="600" height="170" fill="${rng.next() > 0.5 ? woodA : cab}"/><rect x="300" y="616" width="600" height="170" fill="#000" opacity="0.12"/>`;
  for (const x of [380, 560, 740])
    s += `<rect x="${x}" y="700" width="80" height="16" rx="8" fill="${rng.pick(['#2b2b2b', '#c59b6d', '#e9dcc4'])}"/><rect x="${x + 8}" y="716" width="6" height="120" fill="#3a3a3a"/><rect x="${x + 66}" y="716" width="6" height="120" fill="#3a3a3a"/>`;
  // pendant lights
  for (const x of [420, 600, 780])
    s += `<line x1="${x}" y1="0" x2="${x}" y2="420" stroke="#2b2b2b" stroke-width="2"/><path d="M${x - 34} 470 Q${x} 400 ${x + 34} 470Z" fill="${rng.pick(['#2b2b2b', '#c9a66b', '#f2efe9'])}"/><circle cx="${x}" cy="478" r="60" fill="url(#glow)"/>`;
  s += `<ellipse cx="600" cy="590" rx="40" ry="8" fill="#c86b4a"/>`;
  s += pottedPlant(860, 590, 110, rng);
  return s + finish('neutral');
}

function bedroom(rng: Rng) {
  const wall = rng.pick(WALLS);
  const mood = rng.pick<SkyMood>(['day', 'golden']);
  const linen = rng.pick(['#f4f1ec', '#e9e3d8', '#dfe5ea']);
  const throwColor = rng.pick(FABRICS);
  let s = room(rng, wall) + sideWindow(rng, mood);
  // curtain by the window
  s += `<path d="M140 160 Q170 380 140 600 L190 610 Q220 380 190 150Z" fill="${rng.pick(['#e8e0d2', '#cdbfa8', '#d9d9d2'])}" opacity="0.95"/>`;
  // headboard panel
  const hb = rng.pick(['#b9a48a', '#5d6b7a', '#8a9a8c', '#9c7148', '#d8cfc1']);
  s += `<rect x="380" y="250" width="440" height="330" fill="${hb}"/>`;
  for (let x = 380; x < 820; x += 40)
    s += `<line x1="${x}" y1="250" x2="${x}" y2="580" stroke="#000" stroke-opacity="0.08" stroke-width="2"/>`;
  s += wallArt(rng, 520, 160, 160, 70);
  // bed
  s += `<rect x="360" y="470" width="480" height="160" rx="14" fill="${linen}"/><rect x="360" y="560" width="480" height="70" fill="#000" opacity="0.06"/>`;
  s += `<rect x="400" y="440" width="180" height="70" rx="24" fill="#ffffff"/><rect x="620" y="440" width="180" height="70" rx="24" fill="#ffffff"/><rect x="430" y="468" width="130" height="48" rx="16" fill="${throwColor}" opacity="0.8"/>`;
  s += `<path d="M340 560 L860 560 L900 800 L300 800Z" fill="${linen}"/><path d="M330 640 L870 640 L900 800 L300 800Z" fill="${throwColor}"/><path d="M330 640 L870 640 L875 668 L325 668Z" fill="#000" opacity="0.12"/>`;
  // nightstands with lamps
  for (const x of [250, 870]) {
    s += `<rect x="${x}" y="500" width="90" height="110" fill="${rng.pick(WOODS)[0]}"/><rect x="${x}" y="540" width="90" height="4" fill="#000" opacity="0.2"/>`;
    s += `<rect x="${x + 42}" y="440" width="6" height="60" fill="#444"/><path d="M${x + 15} 440 L${x + 75} 440 L${x + 65} 400 L${x + 25} 400Z" fill="#f6ead0"/><circle cx="${x + 45}" cy="425" r="100" fill="url(#glow)"/>`;
  }
  s += `<ellipse cx="600" cy="850" rx="500" ry="60" fill="#000" opacity="0.08"/>`;
  s += pottedPlant(1060, 700, 180, rng);
  return s + finish('warm');
}

const SCENES: Record<SceneKind, (rng: Rng) => string> = {
  tower,
  house,
  view,
  pool,
  living,
  kitchen,
  bedroom,
};

export function sceneSvg(spec: SceneSpec): string {
  const rng = prng(spec.seed * 7919 + spec.kind.length * 104729);
  const mirrored = rng.next() < 0.5;
  const drawn = SCENES[spec.kind](rng);
  const body = mirrored ? `<g transform="translate(${W} 0) scale(-1 1)">${drawn}</g>` : drawn;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

/** The scene as a JPEG, like a photo an agency would upload. */
export async function renderDemoPhoto(spec: SceneSpec): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(sceneSvg(spec)))
    .jpeg({ quality: 82, mozjpeg: false })
    .toBuffer();
}
