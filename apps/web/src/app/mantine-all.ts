// All of Mantine's styles, in its cascade layer: imported by the app frame and the pages loaded on demand
// (routes.tsx), so the first download carries only mantine-first.css.
import '@mantine/core/styles.layer.css';
