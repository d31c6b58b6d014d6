import { SolidAuth } from "@portcullis/solid-start";
import { appConfig } from "../../lib/auth";

export const { GET, POST } = SolidAuth(appConfig);
