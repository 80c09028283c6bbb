// Mantine's mixins (light-dark, hover, rem) for the app's few CSS modules.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
