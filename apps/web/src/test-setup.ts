// jsdom has no CSS.escape, which the app uses (lib/early-input.ts); Chromium has it.
import 'css.escape';
