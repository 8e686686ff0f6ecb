import {test} from 'node:test';
import assert from 'node:assert/strict';
import {themes} from 'prism-react-renderer';
import {
  contrastRatio,
  ensureContrast,
  parseColor,
  withAccessibleContrast,
} from '../../../src/plugins/code-blocks/contrast';

function minimumRatio(theme: typeof themes.github): number {
  const background = parseColor(theme.plain.backgroundColor!)!;
  const colours = [theme.plain.color, ...theme.styles.map((entry) => entry.style.color)].filter(
    (colour): colour is string => typeof colour === 'string' && parseColor(colour) !== null,
  );
  return Math.min(...colours.map((colour) => contrastRatio(parseColor(colour)!, background)));
}

test('contrast ratio matches the WCAG formula at its extremes', () => {
  assert.equal(contrastRatio([0, 0, 0], [255, 255, 255]), 21);
  assert.equal(contrastRatio([10, 20, 30], [10, 20, 30]), 1);
  assert.deepEqual(parseColor('#fff'), [255, 255, 255]);
  assert.deepEqual(parseColor('rgb(98, 114, 164)'), [98, 114, 164]);
  assert.equal(parseColor('currentColor'), null);
});

test('a colour that already passes is kept; one that fails moves just enough', () => {
  assert.equal(ensureContrast('#000000', '#ffffff'), '#000000');
  const fixed = ensureContrast('#36acaa', '#f6f8fa');
  assert.notEqual(fixed, '#36acaa');
  const ratio = contrastRatio(parseColor(fixed)!, parseColor('#f6f8fa')!);
  assert.ok(ratio >= 4.6 && ratio < 5.2, `ratio ${ratio}`);
  // On a dark background the colour is lightened instead.
  const light = parseColor(ensureContrast('#6272a4', '#282a36'))!;
  assert.ok(light[0] > 0x62 && light[2] > 0xa4);
});

for (const name of ['github', 'dracula'] as const) {
  test(`the site's ${name} code theme reaches 4.5:1 on every token, where the stock one does not`, () => {
    assert.ok(minimumRatio(themes[name]) < 4.5, 'stock theme already passes: the test would prove nothing');
    const accessible = withAccessibleContrast(themes[name]);
    assert.ok(minimumRatio(accessible) >= 4.5, `minimum ratio ${minimumRatio(accessible)}`);
    assert.equal(accessible.styles.length, themes[name].styles.length);
    assert.ok(accessible.styles.every((entry) => entry.style.opacity === undefined));
  });
}
