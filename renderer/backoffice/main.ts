import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import '../common/staff.css';
import './backoffice.css';
import './store-check.css';
import './setup.css';
import './drawers.css';
import './rooms.css';
import './receiving.css';
import './deals.css';
import './loyalty.css';
import './reports.css';
import './refunds.css';
import '../common/refund-items.css';

createApp(App).use(createPinia()).mount('#app');
