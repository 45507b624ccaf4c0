import { createApp } from 'vue';
import '../widget/widget.css';
import PaylinkApp from './PaylinkApp.vue';

/**
 * The hosted ACH checkout ("provider checkout") at /sdk/paylink/#<token>: opened in a new tab
 * (redirect delivery), in the loader's overlay (iframe delivery) or from an invoice link. The token
 * in the fragment is its only credential and never reaches a server log.
 */
createApp(PaylinkApp, { token: decodeURIComponent(location.hash.slice(1)) }).mount('#app');
