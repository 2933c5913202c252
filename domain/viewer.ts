/** The signed-in shopper as the pages see it (public shape: no secrets). */
export interface Viewer {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}
