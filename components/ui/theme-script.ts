/** Runs before paint so a saved theme never flashes; a fixed string, no user data. */
export const THEME_BOOT_SCRIPT = `try{var t=localStorage.getItem("theme");if(t==="light"||t==="dark")document.documentElement.setAttribute("data-theme",t)}catch(e){}`;
