// An Angular 21 app with the default router (no route for the landing page §4 sends a signed-in user to) and the
// ph-widgets elements, as docs/guide/angular.md sets one up: CUSTOM_ELEMENTS_SCHEMA, properties bound with [prop],
// events with (ph-…), and the one assets line of angular.json that serves ph-widgets/dist/assets at assets/.
import { Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { provideRouter, RouterOutlet } from '@angular/router';
import { initLanguage, phinit } from 'ph-widgets/core';
import 'ph-widgets/elements/ph-login';
import 'ph-widgets/elements/ph-modal';
import 'ph-widgets/elements/ph-uploader';

phinit({ code: 'login', appCode: 'base', env: 'production', device: 'pc' });
void initLanguage();

@Component({
  selector: 'app-root',
  imports: [RouterOutlet],
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <h1>Angular consumer</h1>
      <ph-login></ph-login>
      <button type="button" (click)="open.set(true)">Open the dialog</button>
      <ph-modal [open]="open()" heading="Angular dialog" (ph-modal-close)="open.set(false)">
        <p>Opened by an Angular property binding</p>
      </ph-modal>
      <ph-uploader auto-start (ph-uploader-success)="md5.set($any($event).detail.md5)"></ph-uploader>
      <output id="md5">{{ md5() }}</output>
      <router-outlet />
    </main>
  `,
})
class App {
  readonly open = signal(false);
  readonly md5 = signal('');
}

bootstrapApplication(App, { providers: [provideRouter([])] }).catch((error) => console.error(error));
