import { ensureScaleDatabase } from "./lib/scale-build";
const info = await ensureScaleDatabase(process.env.SCALE_DATABASE_URL!, Number(process.env.SCALE ?? 1));
console.log(info.hot);
