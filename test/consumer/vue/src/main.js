// A Vue 3 app with vue-router and its usual catch-all (an unknown path goes home), the elements from the installed
// package: a sign-in that lands on a path this router does not know must not bring the user back in a loop.
import { initLanguage, phinit } from 'ph-widgets/core';
import { createApp } from 'vue';
import { createRouter, createWebHistory } from 'vue-router';
import App from './App.vue';
import HomePage from './HomePage.vue';

phinit({ code: 'login', appCode: 'base', env: 'production', device: 'pc' });
void initLanguage();

const router = createRouter({
  history: createWebHistory(),
  routes: [
    { path: '/', component: HomePage },
    { path: '/:pathMatch(.*)*', redirect: '/' },
  ],
});

createApp(App).use(router).mount('#app');
