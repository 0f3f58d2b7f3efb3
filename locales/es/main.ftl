count-seeds = { $count ->
    [one] { $count } semilla
   *[other] { $count } semillas
}
language-set = Desde ahora las respuestas aquí son en español.
language-auto = Las respuestas aquí siguen el idioma de cada mensaje cuando la plataforma lo indica (Discord: el del usuario o el del servidor); si no, inglés.
language-unknown = { $word } no es un idioma disponible aquí: { $codes } o auto
time-in = en { $span }
time-ago = hace { $span }
time-now = ahora

# The console transport's own lines: a reply's speaker (with the language's colon), its
# buttons (typed there), and the text diagram's last line.
console-bot = bot:
console-bot-refused = bot (rechazado):
console-button = [{ $label }: escribe { $command }]
console-button-only = [{ $label }: escribe { $command }, solo { $user }]
console-pictures-failed = no se pudieron escribir las imágenes ({ $error }); la jugada se mantiene
diagram-won = partida terminada: gana { $side }
diagram-drawn = partida terminada: tablas

## notify
console-direct = mensaje directo a { $user }
