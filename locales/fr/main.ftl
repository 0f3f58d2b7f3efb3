count-seeds = { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}
language-set = Désormais, les réponses ici sont en français.
language-auto = Les réponses ici suivent la langue de chaque message quand la plateforme la donne (Discord : celle de l'utilisateur ou du serveur), sinon l'anglais.
language-unknown = { $word } n'est pas une langue disponible ici : { $codes } ou auto
time-in = dans { $span }
time-ago = il y a { $span }
time-now = maintenant

# The console transport's own lines: a reply's speaker (with the language's colon), its
# buttons (typed there), and the text diagram's last line.
console-bot = bot :
console-bot-refused = bot (refusé) :
console-button = [{ $label } : tapez { $command }]
console-button-only = [{ $label } : tapez { $command }, seulement { $user }]
console-pictures-failed = les images n'ont pas pu être écrites ({ $error }) ; le coup reste joué
diagram-won = partie terminée : { $side } gagne
diagram-drawn = partie terminée : nulle

## notify
console-direct = message privé à { $user }
