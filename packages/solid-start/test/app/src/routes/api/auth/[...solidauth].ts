import { SolidAuth } from "@portcullis/solid-start";
import { apiConfigOf } from "../../../lib/auth";

// The configuration as a function of the request, with its own basePath.
export const { GET, POST } = SolidAuth(apiConfigOf);
