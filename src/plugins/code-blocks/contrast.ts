import type {PrismTheme} from 'prism-react-renderer';

/**
 * Code colours that meet WCAG 2.2 AA (4.5:1) on the code block background.
 * The stock Prism themes fall short on several tokens (GitHub's cyan
 * properties, Dracula's comments); each such colour is moved toward black
 * (light themes) or white (dark themes) just until it passes, so the palette
 * keeps its character.
 */

type RGB = [number, number, number];

export function parseColor(value: string): RGB | null {
  const hex = value.trim().match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as RGB;
  }
  const rgb = value.trim().match(/^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/i);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  return null;
}

function luminance([r, g, b]: RGB): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: RGB, b: RGB): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

function toHex(color: RGB): string {
  return `#${color.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** `color`, or the nearest mix of it with black or white that reaches `minRatio` on `background`. */
export function ensureContrast(color: string, background: string, minRatio = 4.6): string {
  const fg = parseColor(color);
  const bg = parseColor(background);
  if (!fg || !bg) return color;
  if (contrastRatio(fg, bg) >= minRatio) return color;
  const target: RGB = luminance(bg) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 1; step <= 100; step += 1) {
    const t = step / 100;
    const mixed = fg.map((c, i) => c + (target[i] - c) * t) as RGB;
    if (contrastRatio(mixed, bg) >= minRatio) return toHex(mixed);
  }
  return toHex(target);
}

/** A copy of `theme` whose plain text and every token colour reach `minRatio` on its background. */
export function withAccessibleContrast(theme: PrismTheme, minRatio = 4.6): PrismTheme {
  const background = theme.plain.backgroundColor ?? '#ffffff';
  const fix = (color: string | undefined) => (color ? ensureContrast(color, background, minRatio) : color);
  return {
    plain: {...theme.plain, color: fix(theme.plain.color)},
    styles: theme.styles.map((entry) => ({
      ...entry,
      // Faded tokens would undo the contrast.
      style: {...entry.style, color: fix(entry.style.color), opacity: undefined},
    })),
  };
}
