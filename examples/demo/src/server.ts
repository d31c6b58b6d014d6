/** `npm start`: the Portcullis demo at http://localhost:3000 (PORT and DEMO_DATABASE override). */
import { startDemo } from "./app";

const { url } = await startDemo({
  port: Number(process.env.PORT ?? 3000),
  databaseFile: process.env.DEMO_DATABASE ?? ".data/demo.sqlite",
});
console.log(`Portcullis demo on ${url}`);
