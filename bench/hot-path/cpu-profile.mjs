// Loaded with --import into the API process (NODE_OPTIONS refuses --cpu-prof): profiles the process
// and writes a .cpuprofile into HOT_PATH_PROFILE when it exits.
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector';

const dir = process.env.HOT_PATH_PROFILE;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  // An in-thread inspector session answers synchronously, so this finishes inside the exit event.
  process.on('exit', () => {
    session.post('Profiler.stop', (err, result) => {
      if (err) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `api-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
