/** Mantine's autosizing textarea listens for font loads; happy-dom has no document.fonts. */
export function stubDocumentFonts() {
  if ('fonts' in document && document.fonts) return;
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
