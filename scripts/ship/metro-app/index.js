// The app's entry, as `npx @react-native-community/cli init` writes it.
import { AppRegistry } from 'react-native';
import App from './App';

AppRegistry.registerComponent('BridgekitMetroApp', () => App);
