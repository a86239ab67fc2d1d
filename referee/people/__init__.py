"""Schools and children: registered by hand or from the school office's roster, their arrival on the day,
and the notices sent to schools."""
