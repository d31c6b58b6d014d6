import type { GetServerSideProps } from "next";
import { createElement } from "react";
import { auth } from "../auth";

interface Props {
  email: string | null;
}

/** A Pages Router page whose getServerSideProps reads the session with `auth(context)`. */
export const getServerSideProps: GetServerSideProps<Props> = async (context) => {
  const session = await auth(context);
  return { props: { email: session?.user?.email ?? null } };
};

export default function ServerProps({ email }: Props) {
  return createElement("p", { id: "email" }, email ?? "anonymous");
}
