import { createApp } from 'vue';
import App from './App.vue';
import './display.css';

createApp(App).mount('#app');
