import { SolidAuth } from "@portcullis/solid-start";
import { storeConfig } from "../../../lib/auth";

// The configuration with a session store, under its own basePath.
export const { GET, POST } = SolidAuth(storeConfig);
