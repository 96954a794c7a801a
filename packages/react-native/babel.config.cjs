/** Babel for jest only: the library itself is built by tsup. */
module.exports = {
  presets: ['module:@react-native/babel-preset'],
};
