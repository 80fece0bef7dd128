import type { Color } from '../../../shared/engine/types';

/**
 * A distinct shape per colour, so a card never relies on colour alone (colour-blind safe, and
 * the same in every language). SVG paths in a 10×10 box.
 */
export const COLOR_SHAPES: Readonly<Record<Color, string>> = {
  R: 'M5 .6a4.4 4.4 0 1 1 0 8.8a4.4 4.4 0 1 1 0-8.8Z', // circle
  O: 'M1.1 1.1h7.8v7.8H1.1Z', // square
  Y: 'M5 .5 9.6 9H.4Z', // triangle
  G: 'M5 .2 9.8 5 5 9.8.2 5Z', // diamond
  B: 'M5 .3 9.1 2.65v4.7L5 9.7.9 7.35v-4.7Z', // hexagon
  I: 'M5 .3 6.2 3.7H9.8L6.9 5.9 8 9.5 5 7.3 2 9.5 3.1 5.9.2 3.7H3.8Z', // star
  V: 'M3.5.8h3v2.7h2.7v3H6.5v2.7h-3V6.5H.8v-3h2.7Z', // cross
};

/** Shape names, for the legend in the rules reference (translated through `shape.*`). */
export const COLOR_SHAPE_NAMES: Readonly<Record<Color, string>> = {
  R: 'circle',
  O: 'square',
  Y: 'triangle',
  G: 'diamond',
  B: 'hexagon',
  I: 'star',
  V: 'cross',
};
