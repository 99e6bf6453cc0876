// CSS Color 4 named colours that documents commonly use; other names are ignored.
const NAMED_COLORS: ReadonlyMap<string, string> = new Map(Object.entries({
  black: '000000', silver: 'C0C0C0', gray: '808080', grey: '808080', white: 'FFFFFF', maroon: '800000',
  red: 'FF0000', purple: '800080', fuchsia: 'FF00FF', magenta: 'FF00FF', green: '008000', lime: '00FF00',
  olive: '808000', yellow: 'FFFF00', navy: '000080', blue: '0000FF', teal: '008080', aqua: '00FFFF',
  cyan: '00FFFF', orange: 'FFA500', brown: 'A52A2A', pink: 'FFC0CB', gold: 'FFD700', violet: 'EE82EE',
  indigo: '4B0082', darkred: '8B0000', darkgreen: '006400', darkblue: '00008B', lightgray: 'D3D3D3',
  lightgrey: 'D3D3D3', darkgray: 'A9A9A9', darkgrey: 'A9A9A9', lightblue: 'ADD8E6', lightgreen: '90EE90',
  lightyellow: 'FFFFE0', orangered: 'FF4500', crimson: 'DC143C', steelblue: '4682B4',
}));

/**
 * Returns a CSS colour (`#rgb`, `#rrggbb`, `rgb()`/`rgba()` with integer or percentage channels,
 * or a common name) as upper-case `RRGGBB`, or `undefined` for anything else, including
 * `transparent`, `inherit` and fully transparent `rgba()`.
 */
export function parseCssColor(value: string): string | undefined {
  const text = value.trim().toLowerCase();
  const named = NAMED_COLORS.get(text);
  if (named) return named;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text);
  if (hex) {
    const digits = hex[1]!;
    const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
    return full.toUpperCase();
  }
  const rgb = /^rgba?\(\s*([\d.]+%?)\s*[, ]\s*([\d.]+%?)\s*[, ]\s*([\d.]+%?)\s*(?:[,/]\s*([\d.]+%?)\s*)?\)$/.exec(text);
  if (!rgb) return undefined;
  if (rgb[4] !== undefined && parseFloat(rgb[4]) === 0) return undefined;
  return [rgb[1]!, rgb[2]!, rgb[3]!].map(toChannelHex).join('');
}

function toChannelHex(channel: string): string {
  const value = channel.endsWith('%') ? (parseFloat(channel) * 255) / 100 : parseFloat(channel);
  const clamped = Math.max(0, Math.min(255, Math.round(value)));
  return clamped.toString(16).padStart(2, '0').toUpperCase();
}
