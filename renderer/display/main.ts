import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import './display.css';
import { applyDisplayTheme } from './theme';

applyDisplayTheme();
createApp(App).use(createPinia()).mount('#app');
