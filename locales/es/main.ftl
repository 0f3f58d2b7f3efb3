count-seeds = { $count ->
    [one] { $count } semilla
   *[other] { $count } semillas
}
language-set = Desde ahora las respuestas aquí son en español.
language-auto = Las respuestas aquí siguen el idioma de cada mensaje cuando la plataforma lo indica (Discord: el del usuario o el del servidor); si no, inglés.
language-unknown = { $word } no es un idioma disponible aquí: { $codes } o auto
time-in = en { $span }
time-ago = hace { $span }
