// Mantine's mixins (light-dark, hover, rem) and nesting for the app's few CSS modules.
export default {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
