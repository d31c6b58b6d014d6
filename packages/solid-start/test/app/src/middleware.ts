/** The app's request middleware (app.config.ts names it): the package's Host guard. */
import { rejectMalformedHost } from "@portcullis/solid-start";

export default { onRequest: [rejectMalformedHost] };
