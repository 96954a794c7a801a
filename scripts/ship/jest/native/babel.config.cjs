/* A React Native app's Babel configuration (the template's). */
module.exports = {
  presets: ['module:@react-native/babel-preset'],
};
