import { createApp } from 'vue';
import App from './App.vue';
import './display.css';
import { applyDisplayTheme } from './theme';

applyDisplayTheme();
createApp(App).mount('#app');
